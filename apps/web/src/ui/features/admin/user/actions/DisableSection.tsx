import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { disableUser, enableUser } from "../../../../api/admin.ts";
import { useAdminText, userLabel } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";
import { ReasonForm } from "./ReasonForm.tsx";

/**
 * "Disable account": opens a small form for an optional reason (the audit log keeps it); the server
 * ends the user's sessions at once and refuses their sign-in from then on.
 */
export function DisableSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const disable = useMutation({
    mutationFn: (reason: string) => disableUser({ id: user.id, reason }),
    onSuccess: (answer) => onDone(t("user.actions.disable.done", { user: userLabel(user) }), answer),
  });

  return (
    <ActionSection title={t("user.actions.disable.title")} testId="admin-disable">
      <p>{t("user.actions.disable.explain")}</p>
      <ReasonForm
        openLabel={t("user.actions.disable.open")}
        label={t("user.actions.reason")}
        hint={t("user.actions.reasonHint")}
        submitLabel={t("user.actions.disable.submit")}
        pendingLabel={t("user.actions.disable.pending")}
        pending={disable.isPending}
        failure={disable.isError ? text.error(disable.error) : null}
        onOpen={() => disable.reset()}
        onSubmit={(reason) => disable.mutate(reason)}
      />
    </ActionSection>
  );
}

/** "Enable account" for a disabled user: it gives back what they had, with an optional reason. */
export function EnableSection({ user, onDone }: SectionProps) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const enable = useMutation({
    mutationFn: (reason: string) => enableUser({ id: user.id, reason }),
    onSuccess: (answer) => onDone(t("user.actions.enable.done", { user: userLabel(user) }), answer),
  });
  return (
    <ActionSection title={t("user.actions.enable.title")} testId="admin-enable">
      <p>
        {t("user.actions.enable.explain", { time: user.disabledAt ? text.dateTime(user.disabledAt) : "" })}
      </p>
      <ReasonForm
        openLabel={t("user.actions.enable.submit")}
        label={t("user.actions.reason")}
        hint={t("user.actions.reasonHint")}
        danger={false}
        submitLabel={t("user.actions.enable.submit")}
        pendingLabel={t("user.actions.enable.pending")}
        pending={enable.isPending}
        failure={enable.isError ? text.error(enable.error) : null}
        onOpen={() => enable.reset()}
        onSubmit={(reason) => enable.mutate(reason)}
      />
    </ActionSection>
  );
}
