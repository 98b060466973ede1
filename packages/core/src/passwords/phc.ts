/**
 * The PHC string format (`$id[$v=19][$k=v,k=v][$salt[$hash]]`,
 * https://github.com/P-H-C/phc-string-format): parsed leniently enough to read what other
 * libraries wrote, strictly enough that garbage is `null` rather than an exception.
 */
export interface Phc {
  id: string;
  version: number | undefined;
  params: Map<string, string>;
  salt: Uint8Array;
  hash: Uint8Array;
}

const ID = /^[a-z0-9-]{1,32}$/;
const PARAM = /^([a-z0-9-]{1,32})=([a-zA-Z0-9/+.-]{1,64})$/;
const DIGITS = /^[0-9]{1,10}$/;

/** Parses a PHC string whose salt and hash are both present; `null` for anything else. */
export function parsePhc(stored: string): Phc | null {
  if (stored.length > 1024 || !stored.startsWith("$")) return null;
  const parts = stored.slice(1).split("$");
  const id = parts.shift();
  if (id === undefined || !ID.test(id)) return null;
  let version: number | undefined;
  if (parts[0]?.startsWith("v=")) {
    const parsed = parseInteger(parts.shift()!.slice(2));
    if (parsed === null) return null;
    version = parsed;
  }
  const params = new Map<string, string>();
  // A params segment holds `=`; passlib's pbkdf2 writes a bare rounds count there instead.
  if (parts.length === 3) {
    const segment = parts.shift()!;
    if (DIGITS.test(segment)) params.set("rounds", segment);
    else {
      for (const pair of segment.split(",")) {
        const match = PARAM.exec(pair);
        if (!match || params.has(match[1]!)) return null;
        params.set(match[1]!, match[2]!);
      }
    }
  }
  if (parts.length !== 2) return null;
  const salt = fromBase64(parts[0]!);
  const hash = fromBase64(parts[1]!);
  if (!salt || !hash) return null;
  return { id, version, params, salt, hash };
}

/** A non-negative decimal integer without sign, leading zeros or exponent; `null` otherwise. */
export function parseInteger(text: string | undefined): number | null {
  if (text === undefined || !DIGITS.test(text) || (text.length > 1 && text.startsWith("0"))) return null;
  return Number(text);
}

/**
 * Base64 without padding, the standard alphabet; also accepts padding and passlib's "ab64"
 * (`.` for `+`). `null` for anything that is not base64.
 */
export function fromBase64(text: string): Uint8Array | null {
  const normalised = text.replaceAll(".", "+").replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(normalised) || normalised.length % 4 === 1) return null;
  const binary = atob(normalised + "=".repeat((4 - (normalised.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Base64 without padding (as the argon2 reference implementation writes PHC strings). */
export function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}
