import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { setUserRole } from "../../../../api/admin.ts";
import { isApiError } from "../../../../api/api-error.ts";
import { ActionRow } from "../../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../../components/SubmitButton.tsx";
import { useFieldError } from "../../../../lib/use-field-error.ts";
import { useWithReauth } from "../../../reauth/ReauthProvider.tsx";
import { SelectField } from "../../SelectField.tsx";
import { useAdminText, userLabel } from "../../use-admin-text.ts";
import type { SectionProps } from "../ActionsCard.tsx";
import { ActionSection } from "./ActionSection.tsx";
import { ReasonField } from "./ReasonField.tsx";

/**
 * The user's role, among those the server assigns (`roles` when it names them, else core's default:
 * `admin` alone) and none, with an optional reason for the audit log. Making someone an administrator
 * needs a recent sign-in: the "Confirm it's you" dialog, then the same request again.
 */
export function RoleSection({ user, roles, onDone }: SectionProps & { roles: string[] | null }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const id = useId();
  const withReauth = useWithReauth();
  const [role, setRole] = useState(user.role ?? "");
  const [reason, setReason] = useState("");
  const { error, fail, clear } = useFieldError();
  const offered = [...new Set([...(roles ?? ["admin"]), ...(user.role ? [user.role] : [])])];

  const save = useMutation({
    mutationFn: (next: string) => withReauth(() => setUserRole({ id: user.id, role: next, reason })),
    onSuccess: (answer) => {
      setReason("");
      onDone(
        answer.role
          ? t("user.actions.role.done", { user: userLabel(user), role: text.role(answer.role) })
          : t("user.actions.role.cleared", { user: userLabel(user) }),
        answer,
      );
    },
    // A cancelled "Confirm it's you" changed nothing: nothing to say.
    onError: (failure) => {
      if (!isApiError(failure, "ReauthenticationCancelled")) fail(text.error(failure));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (role === (user.role ?? "")) return fail(t("user.actions.role.unchanged"));
    clear();
    save.mutate(role);
  }

  return (
    <ActionSection title={t("user.actions.role.title")} testId="admin-role">
      <p>{t("user.actions.role.explain")}</p>
      <form onSubmit={submit} noValidate>
        <SelectField
          id={`${id}-role`}
          label={t("user.actions.role.label")}
          value={role}
          onChange={(value) => {
            clear();
            setRole(value);
          }}
          options={[["", t("roles.none")], ...offered.map((name) => [name, text.role(name)] as const)]}
        />
        <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <ActionRow compact>
          <SubmitButton pending={save.isPending} pendingLabel={t("user.actions.role.pending")}>
            {t("user.actions.role.submit")}
          </SubmitButton>
        </ActionRow>
      </form>
    </ActionSection>
  );
}
