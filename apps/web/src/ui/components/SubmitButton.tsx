import type { ReactNode } from "react";

/**
 * A form's submit button. While the form is being sent it cannot be pressed again, and says so
 * with `pendingLabel` ("Saving…") when there is one.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  danger,
  disabled,
  children,
}: {
  pending: boolean;
  pendingLabel?: string;
  /** For what cannot be undone. */
  danger?: boolean;
  /** Not ready to send, for another reason than a request under way. */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      className={danger ? "button button-danger-solid" : "button"}
      disabled={pending || disabled}
    >
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
