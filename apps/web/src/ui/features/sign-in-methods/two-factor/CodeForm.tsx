import { type FormEvent, useEffect, useId, useRef, useState } from "react";

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
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Apps show codes as "123 456"; people paste them with spaces.
    const value = code.replace(/\s+/g, "");
    if (!value) {
      setError("Enter a code.");
      input.current?.focus();
      return;
    }
    setPending(true);
    const failed = await onSubmit(value);
    setPending(false);
    setError(failed);
    if (failed) input.current?.focus();
  }

  return (
    <form className="inline-form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-code`}>{label}</label>
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <input
          ref={input}
          id={`${id}-code`}
          name="code"
          type="text"
          className="code-input"
          inputMode={digitsOnly ? "numeric" : "text"}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={digitsOnly ? 7 : 11}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
      </div>
      <div className="actions actions-compact">
        <button type="submit" className="button" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button-quiet" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
