import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type AccountUser, requestEmailChange } from "../../api/account.ts";
import { isApiError } from "../../api/api-error.ts";
import { Notice } from "../../components/Notice.tsx";
import { TextField } from "../../components/TextField.tsx";
import { useWithReauth } from "../reauth/ReauthProvider.tsx";

/**
 * The email address, and a change of it: a link goes to the new address, and a notice to the
 * current one; nothing changes until the link is opened.
 */
export function EmailCard({ user }: { user: AccountUser }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
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
    onError: (error) => {
      if (isApiError(error, "ReauthenticationCancelled")) return;
      setProblem(error.message);
      input.current?.focus();
    },
  });

  // Focus follows the form in, and back to its button.
  const previous = useRef(open);
  useEffect(() => {
    if (previous.current === open) return;
    previous.current = open;
    (open ? input : opener).current?.focus();
  }, [open]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    // The browser's own notion of an address; the server has the last word.
    if (!address || !input.current?.validity.valid) {
      setProblem("Enter an email address, like name@example.com.");
      input.current?.focus();
      return;
    }
    if (address.toLowerCase() === user.email?.toLowerCase()) {
      setProblem("That is your email address already.");
      input.current?.focus();
      return;
    }
    setProblem(null);
    change.mutate(address);
  }

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Email address</h3>
      <p className="status-line">
        <strong data-testid="profile-email">{user.email ?? "No email address"}</strong>{" "}
        {user.email && (
          <span className={user.emailVerified !== null ? "badge" : "badge badge-warning"}>
            {user.emailVerified !== null ? "Confirmed" : "Not confirmed"}
          </span>
        )}
      </p>
      <Notice tone="success">
        {sentTo && (
          <>
            We sent a link to <strong>{sentTo}</strong>. Open it to confirm the change: until then your email
            address stays {user.email}. We also told {user.email} about it.
          </>
        )}
      </Notice>
      {!open ? (
        <div className="actions">
          <button
            ref={opener}
            type="button"
            className="button button-quiet"
            onClick={() => {
              setProblem(null);
              setOpen(true);
            }}
          >
            Change email address
          </button>
        </div>
      ) : (
        <form className="inline-form" onSubmit={submit} noValidate>
          <TextField
            id={`${id}-email`}
            inputRef={input}
            label="New email address"
            hint="We will send a link to it. The change takes effect when you open the link."
            type="email"
            autoComplete="email"
            spellCheck={false}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problem}
            announce
          />
          <div className="actions actions-compact">
            <button type="submit" className="button" disabled={change.isPending}>
              {change.isPending ? "Sending…" : "Send confirmation link"}
            </button>
            <button type="button" className="button button-quiet" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
