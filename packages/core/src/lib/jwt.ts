import { EncryptJWT, jwtDecrypt } from "jose";
import type { JWT } from "../config/options.ts";
import { ConfigError } from "../errors/config-error.ts";
import { CLOCK_TOLERANCE_S } from "./defaults.ts";
import type { DerivedKey } from "./key-ring.ts";

/**
 * Encrypts claims into a compact JWE (`dir`, `A256GCM`) with `iat`, `exp` and a fresh `jti`.
 * The first key encrypts; its `kid` goes in the header so decryption picks the key directly.
 */
export async function encodeJwt(input: {
  token: JWT;
  keys: readonly DerivedKey[];
  maxAge: number;
  now: number;
}): Promise<string> {
  const [first] = input.keys;
  if (!first) throw new ConfigError("No secret is configured.");
  const iat = Math.floor(input.now / 1000);
  // iat/exp/jti are ours to set; a callback's values for them are overwritten on purpose.
  const { iat: _i, exp: _e, jti: _j, ...claims } = input.token;
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: first.kid })
    .setIssuedAt(iat)
    .setExpirationTime(iat + input.maxAge)
    .setJti(crypto.randomUUID())
    .encrypt(first.key);
}

/**
 * Decrypts and checks a token. Anything wrong — tampered, expired, another cookie's key, a retired
 * secret, garbage — is `null`: an invalid session is a value, not an exception.
 */
export async function decodeJwt(input: {
  token: string;
  keys: readonly DerivedKey[];
  now: number;
}): Promise<JWT | null> {
  try {
    const { payload } = await jwtDecrypt(
      input.token,
      (header) => {
        const match = input.keys.find((k) => k.kid === header.kid);
        if (!match) throw new Error("unknown kid");
        return match.key;
      },
      {
        keyManagementAlgorithms: ["dir"],
        contentEncryptionAlgorithms: ["A256GCM"],
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(input.now),
        requiredClaims: ["exp", "iat"],
      },
    );
    return payload as JWT;
  } catch {
    return null;
  }
}
