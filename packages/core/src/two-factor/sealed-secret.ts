import type { KeyRing } from "../lib/key-ring.ts";
import { openValue, type SealKind, sealValue } from "../lib/token-cipher.ts";

/**
 * The TOTP secret at rest, sealed as provider tokens are (`lib/token-cipher.ts`): a compact JWE
 * (`dir`, `A256GCM`) under a key the key ring derives from the app's secret, so a database dump or
 * backup holds no usable secret. Three differences, each for a reason:
 *
 * - **Its own HKDF purpose.** A sealed TOTP secret is useless as a provider token or a cookie, and
 *   the other way round.
 * - **Bound to its user.** The sealed value carries the user id and opens only for that user, so
 *   someone who can write to the database cannot copy their own enrolment onto another account and
 *   pass its second step with their own phone.
 * - **No plaintext fallback.** `openToken` returns an unsealed value as it is (rows from before
 *   sealing existed); TOTP secrets were sealed from the first row, so anything else is null.
 */
const KIND: SealKind = { purpose: "gatehouse.totp-secret", prefix: "gh.totp." };

/**
 * Seals a TOTP secret for storage (`startTwoFactor(userId, sealed)`).
 *
 * @example await adapter.startTwoFactor(user.id, await sealTotpSecret(config.keys, { userId: user.id, secret }))
 */
export function sealTotpSecret(keys: KeyRing, input: { userId: string; secret: string }): Promise<string> {
  return sealValue(keys, KIND, JSON.stringify({ sub: input.userId, secret: input.secret }));
}

/**
 * Opens a stored TOTP secret for `userId`. Null — never a throw — when no configured secret opens
 * it (tampered, or sealed under a secret since removed), when it was sealed for another user, or
 * when it is not a sealed TOTP secret at all. A value sealed under an older secret opens while that
 * secret is still listed, so rotating the app secret keeps enrolments working.
 *
 * @example const secret = await openTotpSecret(config.keys, { userId: user.id, sealed: twoFactor.secret })
 */
export async function openTotpSecret(
  keys: KeyRing,
  input: { userId: string; sealed: string },
): Promise<string | null> {
  const plaintext = await openValue(keys, KIND, input.sealed);
  if (plaintext === null) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(plaintext);
  } catch {
    return null;
  }
  if (typeof payload !== "object" || payload === null) return null;
  const { sub, secret } = payload as Record<string, unknown>;
  return sub === input.userId && typeof secret === "string" ? secret : null;
}
