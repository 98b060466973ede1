import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { type AccountUser, requestEmailChange } from "../../api/account.ts";
import { useErrorMessage } from "../../api/error-message.ts";
import { ActionRow } from "../../components/ActionRow.tsx";
import { Card } from "../../components/Card.tsx";
import { Notice } from "../../components/Notice.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useFieldError } from "../../lib/use-field-error.ts";
import { useFocusOnChange } from "../../lib/use-focus-on-change.ts";
import { unlessCancelled, useWithReauth } from "../reauth/ReauthProvider.tsx";

/**
 * The email address, and a change of it: a link goes to the new address, and a notice to the
 * current one; nothing changes until the link is opened.
 */
export function EmailCard({ user }: { user: AccountUser }) {
  const { t } = useTranslation("account");
  const say = useErrorMessage();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { input, error, fail, clear } = useFieldError();
  const opener = useRef<HTMLButtonElement>(null);
  const withReauth = useWithReauth();

  const change = useMutation({
    mutationFn: (address: string) => {
      // The confirmation page's "Continue" comes back here.
      const callbackUrl = new URL("/account/profile", window.location.origin).href;
      return withReauth(() => requestEmailChange({ email: address, callbackUrl }));
    },
    onSuccess: (_ok, address) => {
      setSentTo(address);
      setOpen(false);
      setEmail("");
    },
    onError: unlessCancelled((error) => fail(say(error))),
  });

  // Focus follows the form in, and back to its button.
  useFocusOnChange(open, (isOpen) => (isOpen ? input : opener).current);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    // The browser's own notion of an address; the server has the last word.
    if (!address || !input.current?.validity.valid) return fail(t("email.enterAddress"));
    if (address.toLowerCase() === user.email?.toLowerCase()) return fail(t("email.same"));
    clear();
    change.mutate(address);
  }

  return (
    <Card title={t("email.title")}>
      <p className="status-line">
        <strong data-testid="profile-email">{user.email ?? t("email.none")}</strong>{" "}
        {user.email && (
          <span className={user.emailVerified !== null ? "badge" : "badge badge-warning"}>
            {user.emailVerified !== null ? t("email.confirmed") : t("email.notConfirmed")}
          </span>
        )}
      </p>
      <Notice tone="success">
        {sentTo && (
          <Trans
            t={t}
            i18nKey="email.sent"
            values={{ to: sentTo, current: user.email ?? "" }}
            components={{ strong: <strong /> }}
          />
        )}
      </Notice>
      {!open ? (
        <div className="actions">
          <button
            ref={opener}
            type="button"
            className="button button-quiet"
            onClick={() => {
              clear();
              setOpen(true);
            }}
          >
            {t("email.change")}
          </button>
        </div>
      ) : (
        <form className="inline-form" onSubmit={submit} noValidate>
          <TextField
            id={`${id}-email`}
            inputRef={input}
            label={t("email.newLabel")}
            hint={t("email.newHint")}
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={error}
            announce
          />
          <ActionRow compact onCancel={() => setOpen(false)}>
            <SubmitButton pending={change.isPending} pendingLabel={t("email.sending")}>
              {t("email.send")}
            </SubmitButton>
          </ActionRow>
        </form>
      )}
    </Card>
  );
}
