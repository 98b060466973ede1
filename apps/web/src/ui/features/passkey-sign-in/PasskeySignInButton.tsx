import { signInWithPasskey } from "@gatehouse/react/passkeys";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Notice } from "../../components/Notice.tsx";
import { usePasskeyMessage } from "../sign-in-methods/messages.ts";

/**
 * "Continue with a passkey": the browser's passkey dialog, then a full page load of this page, signed
 * in. A dismissed dialog says nothing: the person chose to. (Not "Sign in with …": beside the "Sign
 * in" button, a name that contains it would make "Sign in" ambiguous to people using voice control,
 * and to the browser tests that find buttons by name.)
 */
export function PasskeySignInButton() {
  const { t } = useTranslation("common");
  const passkeyMessage = usePasskeyMessage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    setPending(true);
    setError(null);
    const result = await signInWithPasskey();
    setPending(false);
    if (!result.ok && result.error !== "PasskeyCancelled") setError(passkeyMessage(result));
  }

  return (
    <>
      <button type="button" className="button button-quiet" disabled={pending} onClick={signIn}>
        {pending ? t("passkeySignIn.waiting") : t("passkeySignIn.button")}
      </button>
      {error && (
        <div className="actions-note">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
    </>
  );
}
