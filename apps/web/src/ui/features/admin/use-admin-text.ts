import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../api/api-error.ts";
import { errorMessage } from "../../api/error-message.ts";
import adminEn from "../../i18n/admin/en.ts";
import { describeDevice } from "../../lib/describe-device.ts";
import { methodName } from "../../lib/method-name.ts";
import { useFormat } from "../../lib/use-format.ts";
import { useProviders } from "../../use-providers.ts";

/**
 * Whether `key` is one of `group`'s: English's messages hold every key every language gives (the
 * `Messages` type sees to it), so they say which codes have words.
 */
const has = <T extends object>(group: T, key: string): key is keyof T & string => Object.hasOwn(group, key);

/** A user as the console names them in sentences: the address, else the name, else the id. */
export function userLabel(user: { id: string; email: string | null; name: string | null }): string {
  return user.email || user.name || user.id;
}

/**
 * The admin console's words for what the server sends as data, in the page's language: failures
 * (the admin namespace's words for a code first, then the shared ones), why a sign-in was refused,
 * sign-in methods and second steps, roles, browsers, and dates and numbers (`useFormat`).
 *
 * @example const text = useAdminText(); text.error(mutation.error); text.dateTime(user.createdAt)
 */
export function useAdminText() {
  const { t } = useTranslation("admin");
  const { t: tc } = useTranslation("common");
  const providers = useProviders();
  const format = useFormat();
  return useMemo(() => {
    const method = (id: string) => methodName(id, providers, tc);
    return {
      ...format,
      error(error: unknown): string {
        if (isApiError(error) && has(adminEn.errors, error.code)) return t(`errors.${error.code}`);
        return errorMessage(error, tc);
      },
      /** Why a sign-in was refused (`CredentialsSignin`), as a short fact; an unknown code as it is. */
      reason: (code: string) => (has(adminEn.reasons, code) ? t(`reasons.${code}`) : code),
      /** A sign-in method or provider id: "Password", "Development provider", … */
      method,
      /** A second step or a proof (`totp`, `backup`, `password`, `code`), else a method. */
      proof: (id: string) => (has(adminEn.proofs, id) ? t(`proofs.${id}`) : method(id)),
      /** A role: "Administrator", "No role", else its own name. */
      role: (role: string | null) => (!role ? t("roles.none") : role === "admin" ? t("roles.admin") : role),
      /** "Chrome 140 on Linux", what a client that is no browser calls itself, or "Unknown device". */
      device: (userAgent: string | null) => describeDevice(userAgent, tc).label,
    };
  }, [t, tc, providers, format]);
}

export type AdminText = ReturnType<typeof useAdminText>;
