import type { Account, Session } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { User } from "../providers/types.ts";

/** What a completed sign-in hands to the session strategy. */
export interface SignInResult {
  user: User;
  account: Account;
  profile?: Record<string, unknown>;
  isNewUser: boolean;
}

/**
 * How sessions are kept. Each method reads the request's cookies from the context and writes the
 * cookies to set or clear into `ctx.out`. An invalid or expired session is `null`, never an error.
 */
export interface SessionStrategy {
  read(ctx: RequestContext): Promise<Session | null>;
  /** The signed-in user's id, or null; writes no cookies (used for account linking). */
  userId(ctx: RequestContext): Promise<string | null>;
  create(ctx: RequestContext, signIn: SignInResult): Promise<void>;
  update(ctx: RequestContext, data: unknown): Promise<Session | null>;
  destroy(ctx: RequestContext): Promise<void>;
  /**
   * A session for a client that is not a browser (the device flow): the same session a cookie would
   * carry, returned as a bearer token instead of set as a cookie. Null when the `jwt` callback refused.
   */
  issueToken(ctx: RequestContext, signIn: SignInResult): Promise<{ token: string; expires: Date } | null>;
  /** The session of a bearer token; writes no cookies. Invalid, expired or revoked: null. */
  readToken(ctx: RequestContext, token: string): Promise<Session | null>;
  /** Ends a bearer token's session where the strategy can (database); a no-op for stateless tokens. */
  revokeToken(ctx: RequestContext, token: string): Promise<void>;
}
