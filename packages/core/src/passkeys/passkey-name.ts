/** The longest passkey name kept, in characters: enough for "Work laptop (Chrome on Windows)". */
export const MAX_PASSKEY_NAME_LENGTH = 64;

/**
 * A person's name for a passkey, as typed, made fit to store and show: trimmed, inner whitespace
 * collapsed, control characters refused. `null` when nothing is left or it is too long, so the form
 * can say so (failure is a value: the name comes from a request).
 *
 * @example const name = passkeyName(form.get("name")); if (name === null) return showError();
 */
export function passkeyName(input: unknown): string | null {
  if (typeof input !== "string") return null;
  // Control characters (and bidi overrides) in a name would let it disguise itself in a list.
  if (/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(input.replace(/[\t\n\r]/g, " "))) return null;
  const name = input.replace(/\s+/g, " ").trim();
  if (name === "" || [...name].length > MAX_PASSKEY_NAME_LENGTH) return null;
  return name;
}
