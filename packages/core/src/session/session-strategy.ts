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
}
