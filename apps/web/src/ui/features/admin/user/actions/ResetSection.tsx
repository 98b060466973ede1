import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sendPasswordReset } from "../../../../api/admin.ts";
import { useAdminText } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";

/** "Send password reset link": the same mail as "Forgot password?", to the user's address. */
export function ResetSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const email = user.email;
  const reset = useMutation({
    mutationFn: () => sendPasswordReset(user.id),
    onSuccess: () => onDone(t("user.actions.reset.done", { email: email ?? "" })),
  });
  return (
    <ActionSection title={t("user.actions.reset.title")} testId="admin-reset">
      {!email ? (
        <p className="muted">{t("user.actions.reset.noEmail")}</p>
      ) : (
        <>
          <p>{t("user.actions.reset.explain", { email })}</p>
          <div className="actions actions-compact">
            <button
              type="button"
              className="button button-quiet"
              disabled={reset.isPending}
              onClick={() => reset.mutate()}
            >
              {reset.isPending ? t("user.actions.reset.pending") : t("user.actions.reset.submit")}
            </button>
          </div>
          {reset.isError && (
            <p className="field-error" role="alert">
              {text.error(reset.error)}
            </p>
          )}
        </>
      )}
    </ActionSection>
  );
}
