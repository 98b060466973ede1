import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";
import type { KeyRing } from "../lib/key-ring.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";

/**
 * How long a ceremony may take, seconds: the challenge cookie's lifetime, and the browser's
 * `timeout`, so the browser gives up no later than the server would.
 */
export const CHALLENGE_MAX_AGE_S = 5 * 60;

/**
 * HKDF salt of the challenge cookie's key. Distinct from every cookie name and every other purpose,
 * so a sealed challenge is useless as a session, a check cookie or a sealed token, and they as it.
 */
const PURPOSE = "gatehouse.webauthn-challenge";

/** Marks a challenge's id as used, apart from every rate-limit key in the same store. */
const USED_PREFIX = "passkey-challenge:";

/**
 * What a ceremony's challenge cookie carries: the challenge, what it is for and, to register, whom —
 * for a sign-up, the id the new account will have and the address it is for.
 */
export type PasskeyCeremony =
  | { kind: "register"; challenge: string; userId: string }
  | { kind: "authenticate"; challenge: string }
  | { kind: "signup"; challenge: string; userId: string; email: string; name: string | null };

/** What a challenge is for: creating a passkey, or signing in with one. */
export type CeremonyKind = PasskeyCeremony["kind"];

/** An opened challenge cookie: the ceremony and its random id, which `consumeOnce` spends. */
export type OpenedCeremony<K extends CeremonyKind = CeremonyKind> = Extract<PasskeyCeremony, { kind: K }> & {
  id: string;
};

/**
 * Seals a ceremony into a cookie value: a JWE with a random id (`jti`) that expires after
 * `CHALLENGE_MAX_AGE_S`. The challenge never leaves the server in a readable form except in the
 * options the browser signs, and the cookie is what binds the ceremony to this browser.
 *
 * @example
 * const value = await sealChallenge({ keys, ceremony: { kind: "authenticate", challenge: options.challenge }, now });
 */
export async function sealChallenge(input: {
  keys: KeyRing;
  ceremony: PasskeyCeremony;
  now: number;
}): Promise<string> {
  const keys = await input.keys.encryptionKeys(PURPOSE);
  return encodeJwt({ token: { ...input.ceremony }, keys, maxAge: CHALLENGE_MAX_AGE_S, now: input.now });
}

/**
 * Opens a challenge cookie for a ceremony of `kind`. Missing, expired, tampered, sealed with a
 * secret no longer configured, or for the other kind: `null`, and the ceremony fails. The caller
 * clears the cookie, spends the id with `consumeOnce` before verifying (a failed attempt burns the
 * challenge too), and compares a registration's `userId` with the signed-in user.
 *
 * @example
 * const ceremony = await openChallenge({ keys, value: cookies.get(name), kind: "register", now });
 * if (!ceremony || ceremony.userId !== session.userId) return fail();
 */
export async function openChallenge<K extends CeremonyKind>(input: {
  keys: KeyRing;
  value: string | undefined;
  kind: K;
  now: number;
}): Promise<OpenedCeremony<K> | null> {
  if (input.value === undefined || input.value === "") return null;
  const keys = await input.keys.encryptionKeys(PURPOSE);
  const payload = await decodeJwt({ token: input.value, keys, now: input.now });
  if (!payload || payload.kind !== input.kind) return null;
  const { jti: id, challenge, userId, email, name } = payload;
  if (typeof id !== "string" || typeof challenge !== "string" || challenge === "") return null;
  if (input.kind === "authenticate") return { kind: "authenticate", challenge, id } as OpenedCeremony<K>;
  if (typeof userId !== "string" || userId === "") return null;
  if (input.kind === "register") return { kind: "register", challenge, userId, id } as OpenedCeremony<K>;
  if (typeof email !== "string" || email === "" || (name !== null && typeof name !== "string")) return null;
  return { kind: "signup", challenge, userId, email, name, id } as OpenedCeremony<K>;
}

/**
 * Spends a challenge: true the first time its id is seen, false ever after — also when another app
 * instance spent it, when the store is shared. Clearing the cookie is not enough, since a copy of it
 * (or a replayed request) would still open. The mark lives as long as the cookie could, so a replay
 * is caught until the cookie itself has expired.
 *
 * @example
 * if (!(await consumeOnce(ceremony.id, store, now))) return fail();
 */
export async function consumeOnce(id: string, store: RateLimitStore, now: number): Promise<boolean> {
  const windowMs = (CHALLENGE_MAX_AGE_S + CLOCK_TOLERANCE_S) * 1000;
  const { count } = await store.hit(`${USED_PREFIX}${id}`, { windowMs, now });
  return count === 1;
}
