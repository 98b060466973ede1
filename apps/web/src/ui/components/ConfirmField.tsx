import { TextField, type TextFieldProps } from "./TextField.tsx";

/**
 * The field of a "type … to confirm" question before something that cannot be undone: what is typed
 * must be what the label asks for, so no autofill and no spelling fixes; a mismatch is announced.
 *
 * @example <ConfirmField id={id} inputRef={input} label={`Type ${email} to confirm`} value={typed} error={error} … />
 */
export function ConfirmField(field: Omit<TextFieldProps, "autoComplete" | "spellCheck" | "announce">) {
  return <TextField {...field} autoComplete="off" spellCheck={false} announce />;
}
