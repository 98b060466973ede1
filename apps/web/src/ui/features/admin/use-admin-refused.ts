import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import { isApiError } from "../../api/api-error.ts";
import { adminKeys } from "./admin-queries.ts";

/**
 * Whether the server refused an admin read with 403 `AdminRequired`: the signed-in user is not an
 * administrator. The server is the one that decides (its answer, not a flag the page guesses from),
 * and any page's first read tells: the console then shows its "Administrators only" page instead.
 */
export function useAdminRefused(): boolean {
  const cache = useQueryClient().getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(() => onChange()), [cache]);
  const refused = useCallback(
    () =>
      cache
        .findAll({ queryKey: adminKeys.all })
        .some((query) => isApiError(query.state.error, "AdminRequired")),
    [cache],
  );
  return useSyncExternalStore(subscribe, refused);
}
