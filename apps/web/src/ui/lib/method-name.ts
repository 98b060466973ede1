import type { ProviderMap } from "@gatehouse/react";
import type { TFunction } from "i18next";

/** The built-in ways to sign in (the provider list names them for buttons instead). */
const BUILT_IN = ["password", "passkey", "email"] as const;

const isBuiltIn = (method: string): method is (typeof BUILT_IN)[number] =>
  (BUILT_IN as readonly string[]).includes(method);

/**
 * A sign-in method (a provider id, as sessions and activity record it) in words: "Password",
 * "Passkey", "Email link" (in the language of `t`), else the provider's own name ("Development
 * provider"), else the id.
 * @example methodName("password", providers, t) // "Password"
 */
export function methodName(
  method: string,
  providers: ProviderMap | null | undefined,
  t: TFunction<"common">,
): string {
  if (isBuiltIn(method)) return t(`methods.${method}`);
  return (providers && Object.hasOwn(providers, method) && providers[method]?.name) || method;
}
