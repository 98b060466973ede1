import { useSession } from "@gatehouse/react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { deleteAccount } from "../../api/account.ts";
import { useErrorMessage } from "../../api/error-message.ts";
import { ActionRow } from "../../components/ActionRow.tsx";
import { ConfirmField } from "../../components/ConfirmField.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { useFieldError } from "../../lib/use-field-error.ts";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { useAccount } from "../account/use-account.ts";
import { unlessCancelled, useWithReauth } from "../reauth/ReauthProvider.tsx";

/**
 * `/account/delete`: what goes, a confirmation (the account's address, typed), then everything is
 * removed and the browser lands signed out on a page that says so.
 */
export function DeleteAccountPage() {
  const { t } = useTranslation("account");
  const say = useErrorMessage();
  const id = useId();
  const account = useAccount();
  const session = useSession();
  const withReauth = useWithReauth();
  const [typed, setTyped] = useState("");
  const { input, error, fail, clear } = useFieldError();
  // The account's answer has the address; the session's is there sooner.
  const email = account.data?.user.email ?? session.data?.user?.email ?? "";

  const remove = useMutation({
    mutationFn: (confirm: string) => withReauth(() => deleteAccount(confirm)),
    // The server cleared the session cookie: a full load leaves every cached answer behind.
    onSuccess: () => window.location.assign("/account-deleted"),
    onError: unlessCancelled((error) => fail(say(error))),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      return fail(t("delete.mismatch", { email }));
    }
    clear();
    remove.mutate(typed.trim());
  }

  return (
    <ConsolePage title={t("nav.delete")}>
      <div className="card card-danger">
        <p>{t("delete.removes")}</p>
        <ul className="plain-list">
          <li>{t("delete.profile")}</li>
          <li>{t("delete.methods")}</li>
          <li>{t("delete.sessions")}</li>
        </ul>
        <p className="muted">{t("delete.log")}</p>
        <form className="inline-form" onSubmit={submit} noValidate>
          <ConfirmField
            id={`${id}-confirm`}
            inputRef={input}
            label={t("delete.confirmLabel")}
            hint={email ? t("delete.confirmHint", { email }) : undefined}
            type="email"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
          />
          <ActionRow>
            <SubmitButton
              pending={remove.isPending}
              pendingLabel={t("delete.deleting")}
              danger
              disabled={!email}
            >
              {t("delete.submit")}
            </SubmitButton>
          </ActionRow>
        </form>
      </div>
    </ConsolePage>
  );
}
