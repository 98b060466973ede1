import { base64url, type CryptoKey, calculateJwkThumbprint } from "jose";
import { utf8 } from "./encoding.ts";

/** A key derived from one configured secret; `kid` lets a decrypter pick the right one without trying all. */
export interface DerivedKey {
  kid: string;
  key: CryptoKey;
}

/**
 * Derives every key Gatehouse needs from the configured secrets, once. Keys are derived with HKDF
 * (RFC 5869) with a distinct salt per purpose and per cookie name, so a value minted for one cookie
 * or purpose is useless in any other (the fix for CVE-2023-48309 in Auth.js). Derivation happens
 * on first use and is memoized: the hot path never derives or imports a key.
 */
export class KeyRing {
  readonly #secrets: readonly string[];
  readonly #cache = new Map<string, Promise<DerivedKey[]>>();

  constructor(secrets: readonly string[]) {
    this.#secrets = secrets;
  }

  /** AES-256-GCM keys for JWE `dir` encryption of the cookie `name`; the first encrypts, all decrypt. */
  encryptionKeys(name: string): Promise<DerivedKey[]> {
    return this.#memo(`enc:${name}`, async (secret) => {
      const raw = await hkdf(secret, name, `Gatehouse Generated Encryption Key (${name})`);
      const kid = await calculateJwkThumbprint({ kty: "oct", k: base64url.encode(raw) }, "sha256");
      const key = await crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
      return { kid, key };
    });
  }

  /** HMAC-SHA-256 keys for the given purpose (e.g. the CSRF cookie MAC); the first signs, all verify. */
  macKeys(purpose: string): Promise<DerivedKey[]> {
    return this.#memo(`mac:${purpose}`, async (secret, index) => {
      const raw = await hkdf(secret, purpose, `Gatehouse Generated MAC Key (${purpose})`);
      const key = await crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, [
        "sign",
        "verify",
      ]);
      return { kid: String(index), key };
    });
  }

  #memo(id: string, derive: (secret: string, index: number) => Promise<DerivedKey>): Promise<DerivedKey[]> {
    let keys = this.#cache.get(id);
    if (!keys) {
      keys = Promise.all(this.#secrets.map(derive));
      this.#cache.set(id, keys);
    }
    return keys;
  }
}

/** HKDF-SHA-256 (RFC 5869) of a UTF-8 secret: 32 bytes for `salt` and `info`. */
export async function hkdf(secret: string, salt: string, info: string): Promise<Uint8Array<ArrayBuffer>> {
  const ikm = await crypto.subtle.importKey("raw", utf8.encode(secret), "HKDF", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: utf8.encode(salt), info: utf8.encode(info) },
    ikm,
    256,
  );
  return new Uint8Array(bits);
}
