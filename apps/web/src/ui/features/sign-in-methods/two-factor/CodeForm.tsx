import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ActionRow } from "../../../components/ActionRow.tsx";
import { CodeField } from "../../../components/CodeField.tsx";
import { SubmitButton } from "../../../components/SubmitButton.tsx";
import { useFieldError } from "../../../lib/use-field-error.ts";
import { usePending } from "../../../lib/use-pending.ts";

interface CodeFormProps {
  label: string;
  hint: string;
  submitLabel: string;
  /** Only the app's six digits (a numeric keyboard), or a backup code too. */
  digitsOnly?: boolean;
  /** Focus the field when the form appears (it was opened by a button). */
  focus?: boolean;
  /** Sends the code; a message to show under the field when it failed. */
  onSubmit: (code: string) => Promise<string | null>;
  onCancel?: () => void;
}

/** A one-field form for a code from the authenticator app (or a backup code), with its error in place. */
export function CodeForm({ label, hint, submitLabel, digitsOnly, focus, onSubmit, onCancel }: CodeFormProps) {
  const { t } = useTranslation("account");
  const id = useId();
  const [code, setCode] = useState("");
  const { input, error, fail, clear } = useFieldError();
  const [pending, track] = usePending();

  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus, input]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Apps show codes as "123 456"; people paste them with spaces.
    const value = code.replace(/\s+/g, "");
    if (!value) return fail(t("twoFactor.enterCode"));
    const failed = await track(() => onSubmit(value));
    if (failed) fail(failed);
    else clear();
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <CodeField
        id={`${id}-code`}
        inputRef={input}
        name="code"
        label={label}
        hint={hint}
        digitsOnly={digitsOnly}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
        announce
      />
      <ActionRow compact onCancel={onCancel}>
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
      </ActionRow>
    </form>
  );
}
