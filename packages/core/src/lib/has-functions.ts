/**
 * Whether `value` is an object with a function under each name: how start-up checks an
 * implementation an app passes in (`passkeys.webAuthn`, `twoFactor.totp`) before anything calls it.
 */
export function hasFunctions(value: unknown, names: readonly string[]): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    names.every((name) => typeof (value as Record<string, unknown>)[name] === "function")
  );
}
