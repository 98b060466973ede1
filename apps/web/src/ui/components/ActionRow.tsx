import type { ReactNode } from "react";

/**
 * The buttons under a form or a question, in a row; with `onCancel`, a quiet "Cancel" (or
 * `cancelLabel`) last, which closes what was opened without doing anything.
 */
export function ActionRow({
  compact,
  cancelLabel = "Cancel",
  onCancel,
  children,
}: {
  /** Closer to what it belongs to: a form opened in place, a question. */
  compact?: boolean;
  cancelLabel?: string;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className={compact ? "actions actions-compact" : "actions"}>
      {children}
      {onCancel && (
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {cancelLabel}
        </button>
      )}
    </div>
  );
}
