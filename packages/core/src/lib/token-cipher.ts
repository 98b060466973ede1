import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from "jose";
import { ConfigError } from "../errors/config-error.ts";
import { utf8 } from "./encoding.ts";
import type { KeyRing } from "./key-ring.ts";

/**
 * HKDF salt of the key that seals provider tokens and client secrets at rest. Distinct from every
 * cookie name, so a sealed token is useless as a cookie and a cookie useless as a sealed token.
 */
const PURPOSE = "gatehouse.provider-token";

/** Marks a sealed value; a stored value without it is plaintext written before sealing existed. */
export const SEALED_PREFIX = "gh.enc.";

/**
 * Seals a provider token (or another secret Gatehouse stores) as `gh.enc.` + a compact JWE
 * (`dir`, `A256GCM`) under a key derived from the first configured secret.
 *
 * @example const stored = await sealToken(config.keys, tokens.refresh_token)
 */
export function sealToken(keys: KeyRing, plaintext: string): Promise<string> {
  return sealValue(keys, { purpose: PURPOSE, prefix: SEALED_PREFIX }, plaintext);
}

/**
 * Opens a value `sealToken` stored. A value without the prefix is returned as it is (rows written
 * before sealing existed keep working); a sealed value that no configured secret opens — tampered,
 * or sealed under a secret that was since removed — is `null`, never a throw.
 *
 * @example const refreshToken = await openToken(config.keys, account.refresh_token)
 */
export function openToken(keys: KeyRing, stored: string): Promise<string | null> {
  if (!stored.startsWith(SEALED_PREFIX)) return Promise.resolve(stored);
  return openValue(keys, { purpose: PURPOSE, prefix: SEALED_PREFIX }, stored);
}

/** What a kind of sealed value is: the HKDF purpose of its key, and the prefix that marks it. */
export interface SealKind {
  purpose: string;
  prefix: string;
}

/** Seals `plaintext` as `prefix` + a compact JWE (`dir`, `A256GCM`) under the first secret's key for `purpose`. */
export async function sealValue(keys: KeyRing, kind: SealKind, plaintext: string): Promise<string> {
  const [first] = await keys.encryptionKeys(kind.purpose);
  if (!first) throw new ConfigError("No secret is configured.");
  const jwe = await new CompactEncrypt(utf8.encode(plaintext))
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: first.kid })
    .encrypt(first.key);
  return kind.prefix + jwe;
}

/**
 * Opens what `sealValue` made for this kind; null — never a throw — for a value without the prefix, or
 * one no configured secret opens (tampered, or sealed under a secret since removed).
 */
export async function openValue(keys: KeyRing, kind: SealKind, stored: string): Promise<string | null> {
  if (!stored.startsWith(kind.prefix)) return null;
  const jwe = stored.slice(kind.prefix.length);
  const all = await keys.encryptionKeys(kind.purpose);
  // The `kid` names the key directly; the others are still tried, so a value whose header lost or
  // never had a usable `kid` opens under any configured secret (rotation keeps old rows readable).
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(jwe).kid;
  } catch {
    return null;
  }
  const ordered = [...all.filter((k) => k.kid === kid), ...all.filter((k) => k.kid !== kid)];
  for (const { key } of ordered) {
    try {
      const { plaintext } = await compactDecrypt(jwe, key, {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
      });
      return new TextDecoder().decode(plaintext);
    } catch {
      // The next secret may be the one that sealed it.
    }
  }
  return null;
}
