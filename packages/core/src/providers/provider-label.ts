import type { Translator } from "../i18n/translator.ts";
import { EMAIL_PROVIDER_NAME } from "./email.ts";
import { PASSWORD_PROVIDER_NAME } from "./password.ts";

/**
 * How a provider is named to a person: the built-in providers' default names in the request's
 * language ("E-Mail und Passwort"), any name the app chose as it is ("GitHub", "Acme SSO").
 */
export function providerLabel(i18n: Translator, provider: { type: string; name: string }): string {
  if (provider.type === "email" && provider.name === EMAIL_PROVIDER_NAME) return i18n.t("provider.email");
  if (provider.type === "password" && provider.name === PASSWORD_PROVIDER_NAME)
    return i18n.t("provider.password");
  return provider.name;
}

/** A sign-in method (a provider id, or `passkey`) as a person reads it; an unknown id as it is. */
export function signInMethodLabel(
  i18n: Translator,
  providers: ReadonlyMap<string, { type: string; name: string }>,
  method: string,
): string {
  const provider = providers.get(method);
  if (provider) return providerLabel(i18n, provider);
  return method === "passkey" ? i18n.t("provider.passkey") : method;
}
