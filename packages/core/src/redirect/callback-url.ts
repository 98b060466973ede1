/**
 * The callback-URL rule (docs/protocol.md §4): a value is followed only if, parsed against the origin, it
 * uses http or https and its origin is exactly ours. Returns the normalized URL, or null.
 *
 * The WHATWG parser already folds the classic tricks into a different origin — `//evil`, `/\evil`,
 * `\\evil`, tabs and newlines inside the scheme, `https:evil` — so origin equality after parsing
 * catches them. Control characters and user-info are refused outright: nothing legitimate has them
 * and browsers differ on how they read them.
 */
export function sameOriginUrl(
  value: unknown,
  origin: string,
  allowedOrigins?: ReadonlySet<string>,
): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, `${origin}/`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (url.origin !== origin && !allowedOrigins?.has(url.origin)) return null;
  return url.href;
}
