import { TextField, type TextFieldProps } from "./TextField.tsx";

type CodeFieldProps = Omit<
  TextFieldProps,
  "className" | "type" | "inputMode" | "autoComplete" | "autoCapitalize" | "spellCheck" | "maxLength"
> & {
  /** Only the app's six digits (a numeric keyboard), or a backup code too (abcde-12345). */
  digitsOnly?: boolean | undefined;
};

/**
 * A field for a code of the authenticator app or a backup code: the keyboard, the autofill and the
 * length that fit it (room for a pasted "123 456").
 */
export function CodeField({ digitsOnly, ...field }: CodeFieldProps) {
  return (
    <TextField
      {...field}
      className="code-input"
      type="text"
      inputMode={digitsOnly ? "numeric" : "text"}
      autoComplete="one-time-code"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={digitsOnly ? 7 : 11}
    />
  );
}
