import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { AdminUser, AdminUserDetail } from "../../../api/admin.ts";
import { adminKeys } from "../admin-queries.ts";

/**
 * After an action on a user: the user's page shows the server's answer at once (`user`, when the
 * action answers one), and everything of the console is read again — sessions may have ended, the
 * counts and the log have changed. Resolves once the page's own data is fresh.
 */
export function useUserChanged(id: string): (user?: AdminUser) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (user) => {
      if (user) {
        queryClient.setQueryData<AdminUserDetail>(
          adminKeys.user(id),
          (detail) => detail && { ...detail, user },
        );
      }
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    [queryClient, id],
  );
}
