import { TextField, type TextFieldProps } from "../../../components/TextField.tsx";

/**
 * The field for a new password, setting a first one or changing it: what the server asks of it
 * (at least 8 characters, not a breached one), and the browser's offer of a generated password.
 */
export function NewPasswordField(field: Omit<TextFieldProps, "label" | "hint" | "type" | "autoComplete">) {
  return (
    <TextField
      {...field}
      label="New password"
      hint="At least 8 characters. A few unusual words make a strong one."
      type="password"
      autoComplete="new-password"
    />
  );
}
