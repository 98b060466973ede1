import type { Account } from "../config/options.ts";
import { CLOCK_TOLERANCE_S } from "../lib/defaults.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";
import type { KeyRing } from "../lib/key-ring.ts";
import type { RateLimitStore } from "../limits/rate-limit-store.ts";

/**
 * The state between the first factor and the second. When a person with two-factor on passes a
 * password, magic link or provider sign-in, no session is made; the response instead sets one
 * cookie, `<prefix>.two-factor` (`__Host-` on https), holding this state, and the second step
 * (a TOTP or backup code) turns it into a session.
 *
 * - **Useless on its own.** It says who must pass the second step and how they got here — user
 *   id, provider, account type, callback URL — and nothing else: no session, no token, no claim a
 *   session could be built from without the second factor.
 * - **Short-lived and sealed.** A JWE (`encodeJwt`) under a key of its own HKDF purpose, so it
 *   cannot be forged, read or swapped with a session or check cookie; it expires after 5 minutes
 *   (plus the 10 s clock tolerance every time check in core allows).
 * - **Bound to the browser.** It lives only in an HttpOnly, SameSite=Lax cookie, `__Host-` on
 *   https (no Domain, so a sibling subdomain cannot plant one), and the second step reads it from
 *   there, never from a form or a URL.
 * - **Bound to the account's state.** It carries the user's security generation as read before the
 *   first factor was checked; a password reset, a claim of the account or any other security
 *   change in the five minutes voids it (the second step compares, and the session it makes is
 *   confirmed against it).
 * - **Used once.** Its random id (the JWE's `jti`) is claimed in the rate-limit store when the
 *   second step succeeds (`claimPendingSignIn`), so a copy of the cookie cannot finish the sign-in
 *   a second time, on this instance or another.
 *
 * The second step's guesses are not limited here: one state can be re-minted by whoever knows the
 * first factor, so failed codes must be counted per user (the lockout, keyed by user id).
 */
const PURPOSE = "gatehouse.two-factor";
/** Lifetime of the pending state, seconds: long enough to open an authenticator app, short for a stolen one. */
export const PENDING_SIGN_IN_MAX_AGE_S = 5 * 60;

type AccountType = Account["type"];
const ACCOUNT_TYPES: readonly AccountType[] = ["oauth", "oidc", "email", "credentials", "webauthn"];

/** Who must pass the second step, and where the sign-in goes afterwards. */
export interface PendingSignIn {
  userId: string;
  /** The provider of the first step (`credentials`, `email`, `github`, …). */
  providerId: string;
  /** The user's id at that provider (not a secret): the `account` the session is made with. */
  providerAccountId?: string;
  accountType: AccountType;
  /** Validated before sealing; where the person goes once signed in. */
  callbackUrl: string;
  /** The user's security generation before the first factor was checked; null: none to compare. */
  generation: number | null;
}

/** A pending state as opened: its id (for `claimPendingSignIn`) and when it expires (ms since the epoch). */
export interface OpenedPendingSignIn extends PendingSignIn {
  id: string;
  expiresAt: number;
}

/**
 * The cookie's name: `<prefix>.two-factor`, `__Host-<prefix>.two-factor` on https.
 *
 * @example pendingSignInCookieName(ctx.config.cookiePrefix, ctx.secure)
 */
export function pendingSignInCookieName(prefix: string, secure: boolean): string {
  return `${secure ? "__Host-" : ""}${prefix}.two-factor`;
}

/**
 * The cookie value for a pending sign-in (set it with `maxAge: PENDING_SIGN_IN_MAX_AGE_S`).
 *
 * @example
 * const value = await sealPendingSignIn({ keys: ctx.config.keys, now: ctx.now }, pending)
 * ctx.out.set(pendingSignInCookieName(prefix, ctx.secure), value, { maxAge: PENDING_SIGN_IN_MAX_AGE_S })
 */
export async function sealPendingSignIn(
  context: { keys: KeyRing; now: number },
  pending: PendingSignIn,
): Promise<string> {
  return encodeJwt({
    token: {
      sub: pending.userId,
      provider: pending.providerId,
      ...(pending.providerAccountId ? { pai: pending.providerAccountId } : {}),
      type: pending.accountType,
      callbackUrl: pending.callbackUrl,
      ...(pending.generation === null ? {} : { gen: pending.generation }),
    },
    keys: await context.keys.encryptionKeys(PURPOSE),
    maxAge: PENDING_SIGN_IN_MAX_AGE_S,
    now: context.now,
  });
}

/**
 * The pending sign-in in a cookie value, or null when it is expired, tampered, sealed under a
 * secret no longer configured, or not a pending state at all.
 *
 * @example const pending = value ? await openPendingSignIn({ keys: ctx.config.keys, now: ctx.now }, value) : null
 */
export async function openPendingSignIn(
  context: { keys: KeyRing; now: number },
  value: string,
): Promise<OpenedPendingSignIn | null> {
  const claims = await decodeJwt({
    token: value,
    keys: await context.keys.encryptionKeys(PURPOSE),
    now: context.now,
  });
  if (!claims) return null;
  const { sub, provider, pai, type, callbackUrl, jti, exp, gen } = claims;
  if (
    (gen !== undefined && !Number.isSafeInteger(gen)) ||
    typeof sub !== "string" ||
    typeof provider !== "string" ||
    (pai !== undefined && typeof pai !== "string") ||
    !ACCOUNT_TYPES.includes(type as AccountType) ||
    typeof callbackUrl !== "string" ||
    typeof jti !== "string" ||
    typeof exp !== "number"
  ) {
    return null;
  }
  return {
    userId: sub,
    providerId: provider,
    ...(typeof pai === "string" ? { providerAccountId: pai } : {}),
    accountType: type as AccountType,
    callbackUrl,
    generation: typeof gen === "number" ? gen : null,
    id: jti,
    expiresAt: exp * 1000,
  };
}

/**
 * Marks a pending sign-in as finished: true the first time for a state, false ever after. Call it
 * once the second factor has passed and before the session is made; on false, make none.
 *
 * The store's atomic `hit` is the claim (count 1: first; more: a replay), so two requests with the
 * same cookie cannot both win, on one instance or many. The counter lives until the state could no
 * longer be opened anyway (its expiry plus the clock tolerance), and then the store forgets it.
 * Claiming only after a right code means a mistyped code does not spend the state.
 *
 * @example if (!(await claimPendingSignIn(store, pending, ctx.now))) return fail("replayed")
 */
export async function claimPendingSignIn(
  store: RateLimitStore,
  pending: { id: string; expiresAt: number },
  now: number,
): Promise<boolean> {
  const windowMs = Math.max(1, pending.expiresAt + CLOCK_TOLERANCE_S * 1000 - now);
  const { count } = await store.hit(JSON.stringify(["two-factor", "pending", pending.id]), { windowMs, now });
  return count === 1;
}
