import { passkeysSupported } from "@gatehouse/react/passkeys";
import { useRef, useState } from "react";
import { Notice } from "../../../components/Notice.tsx";
import { passkeyMessage } from "../messages.ts";
import { AddPasskeyForm } from "./AddPasskeyForm.tsx";
import { PasskeyItem } from "./PasskeyItem.tsx";
import { usePasskeys } from "./use-passkeys.ts";

/** The passkeys of the signed-in user: the list, and a form to add one. */
export function PasskeysCard() {
  const { state, reload } = usePasskeys();
  const [notice, setNotice] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const supported = passkeysSupported();

  async function changed(message: string, removed = false) {
    await reload();
    setNotice(message);
    // A deleted item took the focus with it: give it to the card's heading.
    if (removed) heading.current?.focus();
  }

  return (
    <section className="card security-card" aria-labelledby="passkeys-heading">
      <h3 id="passkeys-heading" ref={heading} tabIndex={-1}>
        Passkeys
      </h3>
      <p className="muted">
        A passkey signs you in with your fingerprint, face or screen lock instead of a password. It counts as
        both factors, so no code is asked for.
      </p>
      <Notice tone="success">{notice}</Notice>

      {state.status === "loading" && <p className="status-line">Loading your passkeys…</p>}
      {state.status === "failed" &&
        (state.failure.error === "UnknownAction" ? (
          <p className="status-line">Passkeys are not available on this site.</p>
        ) : (
          <div>
            <Notice tone="error">Your passkeys could not be loaded. {passkeyMessage(state.failure)}</Notice>
            <button type="button" className="button button-quiet" onClick={() => void reload()}>
              Try again
            </button>
          </div>
        ))}
      {state.status === "ready" && (
        <>
          {state.passkeys.length === 0 ? (
            <p className="status-line" data-testid="no-passkeys">
              You have no passkeys yet.
            </p>
          ) : (
            <ul className="passkey-list" aria-label="Your passkeys">
              {state.passkeys.map((passkey) => (
                <PasskeyItem key={passkey.id} passkey={passkey} onChanged={changed} />
              ))}
            </ul>
          )}
          {supported ? (
            <AddPasskeyForm onAdded={(name) => changed(`Passkey “${name}” added.`)} />
          ) : (
            <p className="muted">This browser cannot create passkeys. Try another browser or device.</p>
          )}
        </>
      )}
    </section>
  );
}
