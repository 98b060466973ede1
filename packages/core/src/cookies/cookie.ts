/** Attributes Gatehouse sets on its cookies. All are HttpOnly, SameSite=Lax, Path=/. */
export interface CookieAttributes {
  secure: boolean;
  /** Seconds; 0 deletes; undefined makes a browser-session cookie. */
  maxAge?: number;
  /** Absolute expiry, sent beside Max-Age for old clients. */
  expires?: Date;
}

/**
 * Parses a `Cookie` header into a map. Values are percent-decoded when they were encoded by us; a
 * malformed value is kept raw rather than throwing (a bad cookie must never break a request).
 */
export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue; // first one wins, as browsers send the most specific first
    let value = part.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    cookies.set(name, safeDecode(value));
  }
  return cookies;
}

function safeDecode(value: string): string {
  if (!value.includes("%")) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Serializes one `Set-Cookie` value. */
export function serializeCookie(name: string, value: string, attributes: CookieAttributes): string {
  let out = `${name}=${encodeURIComponent(value)}; Path=/; HttpOnly; SameSite=Lax`;
  if (attributes.maxAge !== undefined) out += `; Max-Age=${Math.max(0, Math.floor(attributes.maxAge))}`;
  if (attributes.expires) out += `; Expires=${attributes.expires.toUTCString()}`;
  if (attributes.secure) out += "; Secure";
  return out;
}
