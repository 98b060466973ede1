import { registerPasskey } from "@gatehouse/react/passkeys";
import { type FormEvent, useId, useState } from "react";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { passkeyMessage } from "../messages.ts";

/** The longest name the server keeps (core's MAX_PASSKEY_NAME_LENGTH). */
const MAX_NAME = 64;

/**
 * Names and adds a passkey. The name is checked here before the browser's dialog opens: once the
 * authenticator has made a passkey, a name the server then refused would leave it without an account.
 */
export function AddPasskeyForm({ onAdded }: { onAdded: (name: string) => void }) {
  const id = useId();
  const [name, setName] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const runWithReauth = useResultWithReauth();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, " ").trim();
    if ([...trimmed].length > MAX_NAME) return setError(`Use at most ${MAX_NAME} characters.`);
    setPending(true);
    setError(null);
    // Adding a passkey needs a recent sign-in: the server says so before the browser's dialog opens.
    const result = await runWithReauth(() => registerPasskey(trimmed ? { name: trimmed } : {}));
    setPending(false);
    if (result === null) return;
    if (!result.ok) return setError(passkeyMessage(result));
    setName("");
    onAdded(result.passkey.name);
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>Name for a new passkey (optional)</label>
        <p className="hint" id={`${id}-hint`}>
          For example the device or password manager that keeps it, such as “Work laptop”.
        </p>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          autoComplete="off"
          maxLength={MAX_NAME}
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? "Waiting for your browser…" : "Add a passkey"}
        </button>
      </div>
    </form>
  );
}
