import { useSession } from "@gatehouse/react";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useId, useRef, useState } from "react";
import { deleteAccount } from "../../api/account.ts";
import { isApiError } from "../../api/api-error.ts";
import { TextField } from "../../components/TextField.tsx";
import { useTitle } from "../../use-title.ts";
import { useAccount } from "../account/use-account.ts";
import { useWithReauth } from "../reauth/ReauthProvider.tsx";

/**
 * `/account/delete`: what goes, a confirmation (the account's address, typed), then everything is
 * removed and the browser lands signed out on a page that says so.
 */
export function DeleteAccountPage() {
  useTitle("Delete account");
  const id = useId();
  const account = useAccount();
  const session = useSession();
  const withReauth = useWithReauth();
  const input = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // The account's answer has the address; the session's is there sooner.
  const email = account.data?.user.email ?? session.data?.user?.email ?? "";

  const remove = useMutation({
    mutationFn: (confirm: string) => withReauth(() => deleteAccount(confirm)),
    // The server cleared the session cookie: a full load leaves every cached answer behind.
    onSuccess: () => window.location.assign("/account-deleted"),
    onError: (error) => {
      if (isApiError(error, "ReauthenticationCancelled")) return;
      setProblem(error.message);
      input.current?.focus();
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== email.toLowerCase()) {
      setProblem(`Type your email address exactly as shown: ${email}.`);
      input.current?.focus();
      return;
    }
    setProblem(null);
    remove.mutate(typed.trim());
  }

  return (
    <section className="console-page" aria-labelledby="delete-heading">
      <h2 id="delete-heading" tabIndex={-1} data-section-heading>
        Delete account
      </h2>
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
            error={problem}
            announce
          />
          <div className="actions">
            <button
              type="submit"
              className="button button-danger-solid"
              disabled={remove.isPending || !email}
            >
              {remove.isPending ? "Deleting…" : "Delete my account"}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}
