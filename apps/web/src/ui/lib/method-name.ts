import type { ProviderMap } from "@gatehouse/react";

/** The built-in ways to sign in, in plain words (the provider list names them for buttons instead). */
const BUILT_IN: Record<string, string> = {
  password: "Password",
  passkey: "Passkey",
  email: "Email link",
};

/**
 * A sign-in method (a provider id, as sessions and activity record it) in words: "Password",
 * "Passkey", "Email link", else the provider's own name ("Development provider"), else the id.
 * @example methodName("password", providers) // "Password"
 */
export function methodName(method: string, providers: ProviderMap | null | undefined): string {
  const builtIn = BUILT_IN[method];
  if (builtIn) return builtIn;
  return (providers && Object.hasOwn(providers, method) && providers[method]?.name) || method;
}
