import { useSession } from "@gatehouse/react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { deleteAccount } from "../../api/account.ts";
import { ActionRow } from "../../components/ActionRow.tsx";
import { SubmitButton } from "../../components/SubmitButton.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useFieldError } from "../../lib/use-field-error.ts";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { useAccount } from "../account/use-account.ts";
import { unlessCancelled, useWithReauth } from "../reauth/ReauthProvider.tsx";

/**
 * `/account/delete`: what goes, a confirmation (the account's address, typed), then everything is
 * removed and the browser lands signed out on a page that says so.
 */
export function DeleteAccountPage() {
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
    onError: unlessCancelled(fail),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      return fail(`Type your email address exactly as shown: ${email}.`);
    }
    clear();
    remove.mutate(typed.trim());
  }

  return (
    <ConsolePage title="Delete account">
      <div className="card card-danger">
        <p>Deleting your account cannot be undone. It removes:</p>
        <ul className="plain-list">
          <li>your profile and email address,</li>
          <li>your password, passkeys, two-factor settings and linked accounts,</li>
          <li>your sessions: you are signed out on every device.</li>
        </ul>
        <p className="muted">
          Entries about your account stay in the site’s security log until they expire, so that misuse can be
          looked into.
        </p>
        <form className="inline-form" onSubmit={submit} noValidate>
          <TextField
            id={`${id}-confirm`}
            inputRef={input}
            label="To confirm, type your email address"
            hint={email ? <>Type {email}</> : undefined}
            type="email"
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={error}
            announce
          />
          <ActionRow>
            <SubmitButton pending={remove.isPending} pendingLabel="Deleting…" danger disabled={!email}>
              Delete my account
            </SubmitButton>
          </ActionRow>
        </form>
      </div>
    </ConsolePage>
  );
}
