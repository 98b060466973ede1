import { TextField, type TextFieldProps } from "../../../components/TextField.tsx";

/** The longest name the server keeps (core's MAX_PASSKEY_NAME_LENGTH). */
export const MAX_PASSKEY_NAME = 64;

/** A field for a passkey's name, for adding one or renaming it: plain text, no autofill, 64 at most. */
export function PasskeyNameField(field: Omit<TextFieldProps, "type" | "autoComplete" | "maxLength">) {
  return <TextField {...field} type="text" autoComplete="off" maxLength={MAX_PASSKEY_NAME} />;
}
