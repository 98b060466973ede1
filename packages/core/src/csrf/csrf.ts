import { ConfigError } from "../errors/config-error.ts";
import { fromHex, randomHex, toHex, utf8 } from "../lib/encoding.ts";
import type { DerivedKey } from "../lib/key-ring.ts";

/** A CSRF token whose cookie MAC was verified with one of the secrets. */
export interface CsrfCookie {
  token: string;
  mac: Uint8Array<ArrayBuffer>;
}

/** Mints a token (32 random bytes, hex) and the cookie value `token|hex(HMAC(token))`. */
export async function createCsrf(keys: readonly DerivedKey[]): Promise<{ token: string; cookie: string }> {
  const [first] = keys;
  if (!first) throw new ConfigError("No secret is configured.");
  const token = randomHex(32);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", first.key, utf8.encode(token)));
  return { token, cookie: `${token}|${toHex(mac)}` };
}

/** Parses and authenticates a CSRF cookie; null when absent, malformed or not made with our secrets. */
export async function readCsrfCookie(
  value: string | undefined,
  keys: readonly DerivedKey[],
): Promise<CsrfCookie | null> {
  if (!value) return null;
  const bar = value.indexOf("|");
  if (bar <= 0) return null;
  const token = value.slice(0, bar);
  const mac = fromHex(value.slice(bar + 1));
  if (mac?.length !== 32) return null;
  return (await verifyMac(keys, mac, token)) ? { token, mac } : null;
}

/**
 * True when the submitted token equals the cookie's. The comparison is constant-time: instead of
 * comparing strings we ask WebCrypto whether the cookie's MAC authenticates the submitted token,
 * which only holds for the same token and runs in time independent of where they differ.
 */
export async function csrfTokenMatches(
  cookie: CsrfCookie,
  submitted: unknown,
  keys: readonly DerivedKey[],
): Promise<boolean> {
  if (typeof submitted !== "string" || submitted.length === 0 || submitted.length > 256) return false;
  return verifyMac(keys, cookie.mac, submitted);
}

async function verifyMac(
  keys: readonly DerivedKey[],
  mac: Uint8Array<ArrayBuffer>,
  token: string,
): Promise<boolean> {
  const data = utf8.encode(token);
  for (const { key } of keys) {
    if (await crypto.subtle.verify("HMAC", key, mac, data)) return true;
  }
  return false;
}
