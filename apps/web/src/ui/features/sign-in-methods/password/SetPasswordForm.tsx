import { setPassword } from "@gatehouse/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { useFieldError } from "../../../lib/use-field-error.ts";
import { usePending } from "../../../lib/use-pending.ts";
import { useResultWithReauth } from "../../reauth/ReauthProvider.tsx";
import { passwordMessage, useFailureWords } from "../messages.ts";
import { NewPasswordField } from "./NewPasswordField.tsx";

/** A first password, for someone who signed up with a provider, a link or a passkey. */
export function SetPasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const words = useFailureWords();
  const { t: common } = useTranslation("common");
  const { t } = words;
  const id = useId();
  const [value, setValue] = useState("");
  const { input, error, fail, clear } = useFieldError();
  const [pending, track] = usePending();
  const runWithReauth = useResultWithReauth();

  useEffect(() => input.current?.focus(), [input]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value) return fail(t("password.enter"));
    clear();
    // Setting a password needs a recent sign-in: the dialog asks for it, then this runs again.
    const result = await track(() => runWithReauth(() => setPassword({ newPassword: value })));
    if (result === null) return;
    if (result.ok) return onDone();
    fail(passwordMessage(result, words));
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <NewPasswordField
        id={`${id}-new`}
        inputRef={input}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={error}
        announce
      />
      <ActionRow compact onCancel={onCancel}>
        <SubmitButton pending={pending} pendingLabel={common("actions.saving")}>
          {t("password.submitSet")}
        </SubmitButton>
      </ActionRow>
    </form>
  );
}
