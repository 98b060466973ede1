import { deletePasskey, type PasskeyInfo, renamePasskey } from "@gatehouse/react/passkeys";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { formatDate } from "../../../lib/format-date.ts";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { passkeyMessage } from "../messages.ts";

type Mode = "view" | "rename" | "delete";

interface PasskeyItemProps {
  passkey: PasskeyInfo;
  /** After a rename or a delete: the list reloads and says what happened. */
  onChanged: (message: string, removed: boolean) => void;
}

/** One passkey: its name and dates, and rename and delete (with a confirmation) in place. */
export function PasskeyItem({ passkey, onChanged }: PasskeyItemProps) {
  const id = useId();
  const [mode, setMode] = useState<Mode>("view");
  const [name, setName] = useState(passkey.name);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const runWithReauth = useResultWithReauth();
  const renameButton = useRef<HTMLButtonElement>(null);
  const renameInput = useRef<HTMLInputElement>(null);
  const confirmText = useRef<HTMLParagraphElement>(null);

  // Focus follows the change of mode: into the form or confirmation, and back to Rename after.
  const previous = useRef<Mode>(mode);
  useEffect(() => {
    if (previous.current === mode) return;
    previous.current = mode;
    ({ view: renameButton, rename: renameInput, delete: confirmText })[mode].current?.focus();
  }, [mode]);

  function show(next: Mode) {
    setError(null);
    setName(passkey.name);
    setMode(next);
  }

  async function rename(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, " ").trim();
    if (!trimmed) return setError("Enter a name.");
    setPending(true);
    const result = await renamePasskey(passkey.id, trimmed);
    setPending(false);
    if (!result.ok) return setError(passkeyMessage(result));
    setMode("view");
    onChanged(`Passkey renamed to “${trimmed}”.`, false);
  }

  async function remove() {
    setPending(true);
    const result = await runWithReauth(() => deletePasskey(passkey.id));
    setPending(false);
    if (result === null) return;
    // Gone already (another tab deleted it): the list reloads either way.
    if (!result.ok && result.error !== "PasskeyNotFound") return setError(passkeyMessage(result));
    onChanged(`Passkey “${passkey.name}” deleted.`, true);
  }

  return (
    <li className="item" data-testid="passkey-item">
      <div className="item-summary">
        <p className="item-name" id={`${id}-name`}>
          {passkey.name}
        </p>
        <ul className="item-meta">
          <li>
            Added <time dateTime={passkey.createdAt}>{formatDate(passkey.createdAt)}</time>
          </li>
          <li>
            {passkey.lastUsedAt ? (
              <>
                Last used <time dateTime={passkey.lastUsedAt}>{formatDate(passkey.lastUsedAt)}</time>
              </>
            ) : (
              "Not used yet"
            )}
          </li>
          <li>{passkey.backedUp ? "Synced to your other devices" : "On one device only"}</li>
        </ul>
      </div>

      {mode === "view" && (
        <div className="actions actions-compact">
          <button
            ref={renameButton}
            type="button"
            className="button button-quiet"
            aria-describedby={`${id}-name`}
            onClick={() => show("rename")}
          >
            Rename
          </button>
          <button
            type="button"
            className="button button-quiet button-danger"
            aria-describedby={`${id}-name`}
            onClick={() => show("delete")}
          >
            Delete
          </button>
        </div>
      )}

      {mode === "rename" && (
        <form className="inline-form" onSubmit={rename} noValidate>
          <div className="field">
            <label htmlFor={`${id}-rename`}>New name for “{passkey.name}”</label>
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
            <input
              ref={renameInput}
              id={`${id}-rename`}
              type="text"
              autoComplete="off"
              maxLength={64}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-describedby={error ? `${id}-error` : undefined}
              aria-invalid={error ? true : undefined}
            />
          </div>
          <div className="actions actions-compact">
            <button type="submit" className="button" disabled={pending}>
              Save name
            </button>
            <button type="button" className="button button-quiet" onClick={() => show("view")}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {mode === "delete" && (
        <div className="confirm">
          <p id={`${id}-confirm`} ref={confirmText} tabIndex={-1}>
            Delete “{passkey.name}”? It will no longer sign you in. Your device or password manager keeps its
            copy until you remove it there.
          </p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="actions actions-compact">
            <button type="button" className="button button-danger-solid" disabled={pending} onClick={remove}>
              Delete passkey
            </button>
            <button type="button" className="button button-quiet" onClick={() => show("view")}>
              Keep it
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
