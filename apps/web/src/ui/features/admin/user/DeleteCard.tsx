import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type AdminUser, deleteUser } from "../../../api/admin.ts";
import { isApiError } from "../../../api/api-error.ts";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { Card } from "../../../components/Card.tsx";
import { ConfirmField } from "../../../components/ConfirmField.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { useFieldError } from "../../../lib/use-field-error.ts";
import { useWithReauth } from "../../reauth/ReauthProvider.tsx";
import { useAdminText, userLabel } from "../use-admin-text.ts";
import { ReasonField } from "./actions/ReasonField.tsx";

/**
 * "Delete the user": what goes, a confirmation (the user's address, or their id when they have none,
 * typed), an optional reason for the log; the server needs a recent sign-in ("Confirm it's you").
 */
export function DeleteCard({ user, onDeleted }: { user: AdminUser; onDeleted: (label: string) => void }) {
  const { t } = useTranslation("admin");
  const text = useAdminText();
  const id = useId();
  const withReauth = useWithReauth();
  const [typed, setTyped] = useState("");
  const [reason, setReason] = useState("");
  const { input, error, fail, clear } = useFieldError();
  const expected = user.email ?? user.id;

  const remove = useMutation({
    mutationFn: () => withReauth(() => deleteUser({ id: user.id, reason })),
    onSuccess: () => onDeleted(userLabel(user)),
    onError: (failure) => {
      if (!isApiError(failure, "ReauthenticationCancelled")) fail(text.error(failure));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // An address is the same in any case; an id is not.
    const same = user.email
      ? typed.trim().toLowerCase() === expected.toLowerCase()
      : typed.trim() === expected;
    if (!same) return fail(t("user.actions.delete.mismatch", { value: expected }));
    clear();
    remove.mutate();
  }

  return (
    <Card title={t("user.actions.delete.title")} className="card-danger">
      <p>{t("user.actions.delete.explain")}</p>
      <form className="inline-form" onSubmit={submit} noValidate>
        <ReasonField id={`${id}-reason`} value={reason} onChange={setReason} />
        <ConfirmField
          id={`${id}-confirm`}
          inputRef={input}
          label={t("user.actions.delete.confirm", { value: expected })}
          autoCapitalize="none"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error}
        />
        <ActionRow>
          <SubmitButton pending={remove.isPending} pendingLabel={t("user.actions.delete.pending")} danger>
            {t("user.actions.delete.submit")}
          </SubmitButton>
        </ActionRow>
      </form>
    </Card>
  );
}
