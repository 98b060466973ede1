import { registerPasskey } from "@gatehouse/react/passkeys";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { usePending } from "../../../lib/use-pending.ts";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { usePasskeyMessage } from "../messages.ts";
import { MAX_PASSKEY_NAME, PasskeyNameField } from "./PasskeyNameField.tsx";

/**
 * Names and adds a passkey. The name is checked here before the browser's dialog opens: once the
 * authenticator has made a passkey, a name the server then refused would leave it without an account.
 */
export function AddPasskeyForm({ onAdded }: { onAdded: (name: string) => void }) {
  const { t } = useTranslation("account");
  const passkeyMessage = usePasskeyMessage();
  const id = useId();
  const [name, setName] = useState("");
  const [pending, track] = usePending();
  const [error, setError] = useState<string | null>(null);
  const runWithReauth = useResultWithReauth();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.replace(/\s+/g, " ").trim();
    if ([...trimmed].length > MAX_PASSKEY_NAME)
      return setError(t("passkeys.nameTooLong", { max: MAX_PASSKEY_NAME }));
    setError(null);
    // Adding a passkey needs a recent sign-in: the server says so before the browser's dialog opens.
    const result = await track(() => runWithReauth(() => registerPasskey(trimmed ? { name: trimmed } : {})));
    if (result === null) return;
    if (!result.ok) return setError(passkeyMessage(result));
    setName("");
    onAdded(result.passkey.name);
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <PasskeyNameField
        id={`${id}-name`}
        name="name"
        label={t("passkeys.nameLabel")}
        hint={t("passkeys.nameHint")}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error}
        announce
      />
      <ActionRow>
        <SubmitButton pending={pending} pendingLabel={t("passkeys.waiting")}>
          {t("passkeys.add")}
        </SubmitButton>
      </ActionRow>
    </form>
  );
}
