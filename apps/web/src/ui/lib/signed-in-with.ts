/** Which words follow the method's name: a code of the authenticator app, a backup code, another factor. */
export type SecondFactorKey = "totp" | "backup" | "other";

/** The words `signedInWith` puts together, from the console's own messages. */
export interface SignedInWords {
  /** A sign-in method (or a factor) by its id, in words: "Password", "Passkey", "Development provider". */
  nameOf: (id: string) => string;
  /** The method's name followed by the second factor (`factor`: the factor's name, for `other`). */
  plus: (key: SecondFactorKey, values: { method: string; factor: string }) => string;
}

/**
 * How a session was signed in, in words: the method, and the second factor when the sign-in passed
 * one. A passkey that verified its user is both factors in one, so it is said once ("Passkey").
 *
 * @example signedInWith({ method: "password", secondFactor: "totp" }, words) // "Password and a code from your authenticator app"
 */
export function signedInWith(
  session: { method: string; secondFactor: string | null },
  words: SignedInWords,
): string {
  const method = words.nameOf(session.method);
  const factor = session.secondFactor;
  if (factor === null || (factor === "passkey" && session.method === "passkey")) return method;
  if (factor === "totp" || factor === "backup") return words.plus(factor, { method, factor });
  // A factor this console has no words of its own for (a newer server's): by its name, never hidden.
  return words.plus("other", { method, factor: words.nameOf(factor) });
}
