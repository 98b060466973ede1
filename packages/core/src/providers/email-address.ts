/**
 * Normalizes an email address for sign-in (docs/protocol.md §8): NFKC first, so look-alike characters
 * such as the fullwidth `＠` become what they look like *before* checking; then trim and lowercase.
 * Refuses what mail software reads differently from us — quotes, lists, several `@`, whitespace,
 * angle brackets, comments — because a mis-parsed address sends someone's sign-in link elsewhere
 * (CVE-2022-35924 and the quoted-local-part issue in Auth.js).
 */
export function normalizeEmail(input: unknown): string | null {
  if (typeof input !== "string") return null;
  const value = input.normalize("NFKC").trim().toLowerCase();
  if (value.length < 3 || value.length > 254) return null;
  const at = value.indexOf("@");
  if (at <= 0 || at !== value.lastIndexOf("@")) return null;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (
    local.length > 64 ||
    !LOCAL.test(local) ||
    local.startsWith(".") ||
    local.endsWith(".") ||
    local.includes("..")
  ) {
    return null;
  }
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return null;
  return value;
}

/** Letters and digits of any script plus RFC 5322 atom punctuation; no quotes, commas, brackets, spaces. */
const LOCAL = /^[\p{L}\p{N}.!#$%&*+/=?^_`{|}~-]+$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
