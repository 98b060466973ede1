import type { Account } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { ProviderConfig, User } from "../providers/types.ts";

/** What a provider's sign-in established, before the app's `signIn` callback decides. */
export interface SignInInput {
  provider: ProviderConfig;
  user: User;
  account: Account;
  profile?: Record<string, unknown>;
  credentials?: Record<string, string>;
}

/**
 * The app's `signIn` callback (true when none is set): `true` goes on; `false`, a URL or anything else
 * refuses. Shared by the browser sign-ins and the device flow.
 */
export async function askSignInCallback(ctx: RequestContext, input: SignInInput): Promise<unknown> {
  const { provider: _provider, ...forCallback } = input;
  return ctx.config.callbacks.signIn ? ctx.config.callbacks.signIn(forCallback) : true;
}
