import { type FormEvent, type RefObject, useId, useRef, useState } from "react";
import { ActionRow } from "../../../../components/ActionRow.tsx";
import { SubmitButton } from "../../../../components/SubmitButton.tsx";
import { useFocusOnChange } from "../../../../lib/use-focus-on-change.ts";
import { ReasonField } from "./ReasonField.tsx";

/**
 * An action that asks the administrator why first (the audit log keeps the reason): its button
 * opens, in place, a form with the reason's field; "Cancel" closes it. The focus follows the form in,
 * and back to the button. `danger` (the default) for what takes something away.
 *
 * @example <ReasonForm openLabel="Disable account" label="Reason" … onSubmit={(reason) => disable.mutate(reason)} />
 */
export function ReasonForm({
  openLabel,
  label,
  hint,
  required,
  danger = true,
  submitLabel,
  pendingLabel,
  pending,
  error,
  failure,
  inputRef,
  onOpen,
  onSubmit,
}: {
  /** The button that opens the form: "Disable account". */
  openLabel: string;
  /** The reason's field. */
  label: string;
  hint: string;
  required?: boolean;
  /** Styled as an action that takes something away (disable, remove); false for the others. */
  danger?: boolean;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The field's error, announced at it (`useFieldError`'s, with its `input` as `inputRef`). */
  error?: string | null;
  /** Why the request failed, when that is not about the reason: announced under the field. */
  failure?: string | null;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Before the form opens: forget the last try's error. */
  onOpen: () => void;
  onSubmit: (reason: string) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const opener = useRef<HTMLButtonElement>(null);
  const ownInput = useRef<HTMLInputElement>(null);
  const input = inputRef ?? ownInput;
  useFocusOnChange(open, (now) => (now ? input.current : opener.current));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit(reason);
  }

  if (!open) {
    return (
      <div className="actions actions-compact">
        <button
          ref={opener}
          type="button"
          className={danger ? "button button-quiet button-danger" : "button button-quiet"}
          onClick={() => {
            onOpen();
            setOpen(true);
          }}
        >
          {openLabel}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate>
      <ReasonField
        id={`${id}-reason`}
        inputRef={input}
        label={label}
        hint={hint}
        required={required}
        value={reason}
        onChange={setReason}
        error={error}
      />
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <ActionRow compact onCancel={() => setOpen(false)}>
        <SubmitButton pending={pending} pendingLabel={pendingLabel} danger={danger}>
          {submitLabel}
        </SubmitButton>
      </ActionRow>
    </form>
  );
}
