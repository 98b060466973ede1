import { setPassword } from "@gatehouse/react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { TextField } from "../../../components/TextField.tsx";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { passwordMessage } from "./password-message.ts";

/** A first password, for someone who signed up with a provider, a link or a passkey. */
export function SetPasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const runWithReauth = useResultWithReauth();

  useEffect(() => input.current?.focus(), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) {
      setError("Enter a password.");
      input.current?.focus();
      return;
    }
    setError(null);
    setPending(true);
    // Setting a password needs a recent sign-in: the dialog asks for it, then this runs again.
    const result = await runWithReauth(() => setPassword({ newPassword: value }));
    setPending(false);
    if (result === null) return;
    if (result.ok) return onDone();
    setError(passwordMessage(result));
    input.current?.focus();
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <TextField
        id={`${id}-new`}
        inputRef={input}
        label="New password"
        hint="At least 8 characters. A few unusual words make a strong one."
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        announce
      />
      <div className="actions actions-compact">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Saving…" : "Set password"}
        </button>
        <button type="button" className="button button-quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
