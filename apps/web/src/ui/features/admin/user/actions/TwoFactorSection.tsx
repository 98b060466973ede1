import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { removeTwoFactor } from "../../../../api/admin.ts";
import { useFieldError } from "../../../../lib/use-field-error.ts";
import { useAdminText, userLabel } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";
import { ReasonForm } from "./ReasonForm.tsx";

/**
 * "Remove two-factor": for someone locked out of their second step. A reason is required — how the
 * administrator made sure it is them — as removing it weakens the account; the audit log keeps it.
 */
export function TwoFactorSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const { input, error, fail, clear } = useFieldError();
  const remove = useMutation({
    mutationFn: (reason: string) => removeTwoFactor({ id: user.id, reason }),
    onSuccess: () => onDone(t("user.actions.twoFactor.done", { user: userLabel(user) })),
    onError: (failure) => fail(text.error(failure)),
  });

  function submit(reason: string) {
    if (!reason.trim()) return fail(t("user.actions.twoFactor.missing"));
    clear();
    remove.mutate(reason);
  }

  return (
    <ActionSection title={t("user.actions.twoFactor.title")} testId="admin-two-factor">
      <p>{t("user.actions.twoFactor.explain")}</p>
      <ReasonForm
        openLabel={t("user.actions.twoFactor.open")}
        label={t("user.actions.twoFactor.reason")}
        hint={t("user.actions.twoFactor.reasonHint")}
        required
        submitLabel={t("user.actions.twoFactor.submit")}
        pendingLabel={t("user.actions.twoFactor.pending")}
        pending={remove.isPending}
        error={error}
        inputRef={input}
        onOpen={clear}
        onSubmit={submit}
      />
    </ActionSection>
  );
}
