import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { sendPasswordReset } from "../../../../api/admin.ts";
import { useAdminText } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";
import { ReasonForm } from "./ReasonForm.tsx";

/**
 * "Send password reset link": the same mail as "Forgot password?", to the user's address, with an
 * optional reason for the audit log.
 */
export function ResetSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const email = user.email;
  const reset = useMutation({
    mutationFn: (reason: string) => sendPasswordReset({ id: user.id, reason }),
    onSuccess: () => onDone(t("user.actions.reset.done", { email: email ?? "" })),
  });
  return (
    <ActionSection title={t("user.actions.reset.title")} testId="admin-reset">
      {!email ? (
        <p className="muted">{t("user.actions.reset.noEmail")}</p>
      ) : (
        <>
          <p>{t("user.actions.reset.explain", { email })}</p>
          <ReasonForm
            openLabel={t("user.actions.reset.submit")}
            label={t("user.actions.reason")}
            hint={t("user.actions.reasonHint")}
            danger={false}
            submitLabel={t("user.actions.reset.submit")}
            pendingLabel={t("user.actions.reset.pending")}
            pending={reset.isPending}
            failure={reset.isError ? text.error(reset.error) : null}
            onOpen={() => reset.reset()}
            onSubmit={(reason) => reset.mutate(reason)}
          />
        </>
      )}
    </ActionSection>
  );
}
