import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * The buttons under a form or a question, in a row; with `onCancel`, a quiet "Cancel" (in the page's
 * language, or `cancelLabel`) last, which closes what was opened without doing anything.
 */
export function ActionRow({
  compact,
  cancelLabel,
  onCancel,
  children,
}: {
  /** Closer to what it belongs to: a form opened in place, a question. */
  compact?: boolean;
  cancelLabel?: string;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation("common");
  return (
    <div className={compact ? "actions actions-compact" : "actions"}>
      {children}
      {onCancel && (
        <button type="button" className="button button-quiet" onClick={onCancel}>
          {cancelLabel ?? t("actions.cancel")}
        </button>
      )}
    </div>
  );
}
