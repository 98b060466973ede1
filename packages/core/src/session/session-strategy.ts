import type { Account, JWT, Session } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { User } from "../providers/types.ts";

/**
 * The second factor a sign-in passed: a TOTP code or a backup code at the second step, or a passkey
 * that verified the user (both factors in one); null when one factor was all it took.
 */
export type SecondFactor = "totp" | "backup" | "passkey" | null;

/** What a completed sign-in hands to the session strategy. */
export interface SignInResult {
  user: User;
  account: Account;
  profile?: Record<string, unknown>;
  isNewUser: boolean;
  /**
   * The second factor the sign-in passed, kept in the session's record (what the sessions lists
   * show); absent or null when one factor was all it took.
   */
  secondFactor?: SecondFactor;
}

/** A session token as handed out, with when it stops working. */
export interface IssuedToken {
  token: string;
  expires: Date;
}

/** A valid session, and the token to hand back when the strategy renewed it (expiry slid, claims changed). */
export interface SessionRead {
  session: Session;
  userId: string;
  renewed?: IssuedToken;
}

/**
 * How sessions are kept: a strategy reads, creates, updates and revokes a *token*. Where the token
 * travels (cookie or `Authorization: Bearer`) is the transport's business (`sessions.ts`), never the
 * strategy's. An invalid, expired or revoked token is `null`, never an error.
 */
export interface SessionStrategy {
  /**
   * The session of a token. `renew: false` when the caller has no way to hand a new token back (a
   * bearer client keeps its token): the strategy then does no work to mint one.
   */
  read(ctx: RequestContext, token: string, options: { renew: boolean }): Promise<SessionRead | null>;
  /**
   * The session of a token from the session cookie's name before `__Host-` (docs/protocol.md §5),
   * read as `read` reads one, revocation included. `issue: true` hands it back in `renewed` as a
   * token of the current name. Null when it does not read under the old name; for database tokens,
   * which read alike under any name, null unless `cookies.legacySessionCookie` is on.
   */
  readLegacy(ctx: RequestContext, token: string, options: { issue: boolean }): Promise<SessionRead | null>;
  /** The user id of a token, or null; the cheapest valid-session check (account linking, sign-out). */
  userId(ctx: RequestContext, token: string): Promise<string | null>;
  /** A new session for a sign-in; null when the app's `jwt` callback refused it. */
  create(ctx: RequestContext, signIn: SignInResult): Promise<IssuedToken | null>;
  /**
   * The session of a person another system signed in, from that system's verified token (a next-auth
   * v4 session cookie: `next-auth-v4.ts`). `issue: true` mints a token of this strategy for it,
   * returned as `renewed`; `false` only reads, storing nothing. Null when the person is unknown here
   * or the `jwt` callback refused.
   */
  adopt(ctx: RequestContext, claims: Readonly<JWT>, options: { issue: boolean }): Promise<SessionRead | null>;
  /** `POST session`: the session after the app's update, with its renewed token; null when invalid. */
  update(
    ctx: RequestContext,
    token: string,
    data: unknown,
  ): Promise<{ session: Session; renewed: IssuedToken } | null>;
  /**
   * Ends the token's session: the database row goes; a jwt's session record goes (with records;
   * without them a stateless token lasts until it expires).
   */
  revoke(ctx: RequestContext, token: string): Promise<void>;
  /** The id of the token's session record (what the account console lists), or null. */
  recordId(ctx: RequestContext, token: string): Promise<string | null>;
}
