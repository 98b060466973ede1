import { useTranslation } from "react-i18next";
import { TextField, type TextFieldProps } from "../../../components/TextField.tsx";

/**
 * The field for a new password, setting a first one or changing it: what the server asks of it
 * (at least 8 characters, not a breached one), and the browser's offer of a generated password.
 */
export function NewPasswordField(field: Omit<TextFieldProps, "label" | "hint" | "type" | "autoComplete">) {
  const { t } = useTranslation("account");
  return (
    <TextField
      {...field}
      label={t("password.new")}
      hint={t("password.newHint")}
      type="password"
      autoComplete="new-password"
    />
  );
}
