import { type ReactNode, useEffect, useRef } from "react";
import { ActionRow } from "./ActionRow.tsx";

/**
 * A question asked in place before something that cannot be undone: what will happen, why it
 * failed (when it did), the button that does it and the one that does not. The question takes the
 * focus when it appears, so that it is read out: the button that opened it is gone.
 */
export function ConfirmPanel({
  children,
  fields,
  confirmLabel,
  cancelLabel,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  /** The question, in plain words. */
  children: ReactNode;
  /** Fields asked with it (a reason for the audit log), under the question. */
  fields?: ReactNode;
  /** What the button does: "Unlink GitHub". */
  confirmLabel: string;
  cancelLabel?: string;
  pending: boolean;
  error?: string | null | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className="confirm">
      <p ref={question} tabIndex={-1}>
        {children}
      </p>
      {fields}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <ActionRow compact cancelLabel={cancelLabel} onCancel={onCancel}>
        <button type="button" className="button button-danger-solid" disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </ActionRow>
    </div>
  );
}
