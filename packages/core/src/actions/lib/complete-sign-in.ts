import { resolveUser } from "../../accounts/resolve-user.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import type { Account } from "../../config/options.ts";
import { type Outcome, redirect } from "../../http/outcome.ts";
import { failure } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { ProviderConfig, User } from "../../providers/types.ts";
import type { SessionStrategy } from "../../session/session-strategy.ts";

/** What a provider's sign-in established, before the app's `signIn` callback decides. */
export interface SignInInput {
  provider: ProviderConfig;
  user: User;
  account: Account;
  profile?: Record<string, unknown>;
  credentials?: Record<string, string>;
}

/**
 * The common end of every sign-in: the `signIn` callback decides, the session strategy issues a new
 * session (a fresh token every time, so no session fixation), then the person goes to the callback URL.
 */
export async function completeSignIn(
  ctx: RequestContext,
  strategy: SessionStrategy,
  input: SignInInput,
): Promise<Outcome> {
  const callbackUrl = await ctx.callbackUrl();
  const decision = await askSignInCallback(ctx, input);
  if (decision === false) return failure(ctx, "AccessDenied");
  if (typeof decision === "string") {
    // A redirect chosen by the app still obeys the redirect policy.
    const target = await ctx.validateRedirect(decision);
    if (!target) return failure(ctx, "AccessDenied");
    return redirect(target);
  }
  if (decision !== true) return failure(ctx, "AccessDenied");
  const { user, isNewUser } = await storedUser(ctx, strategy, input);
  await strategy.create(ctx, {
    user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    isNewUser,
  });
  const newUserPage = ctx.config.pages.newUser;
  if (isNewUser && newUserPage) {
    const url = new URL(newUserPage, `${ctx.origin}/`);
    url.searchParams.set("callbackUrl", callbackUrl);
    return redirect(url.href);
  }
  return redirect(callbackUrl);
}

/**
 * The app's `signIn` callback (true when none is set): `true` goes on; `false`, a URL or anything else
 * refuses. Shared by the browser sign-ins and the device flow.
 */
export async function askSignInCallback(ctx: RequestContext, input: SignInInput): Promise<unknown> {
  const { provider: _provider, ...forCallback } = input;
  return ctx.config.callbacks.signIn ? ctx.config.callbacks.signIn(forCallback) : true;
}

/**
 * With an adapter the session belongs to a stored user: an existing one for a credentials user the
 * app already keeps, else the one account resolution finds or creates. Without one, the provider's
 * user is the session's user.
 */
export async function storedUser(
  ctx: RequestContext,
  strategy: SessionStrategy,
  input: { provider: ProviderConfig; user: User; account: Account; profile?: Record<string, unknown> },
): Promise<{ user: User; isNewUser: boolean }> {
  const adapter = ctx.config.adapter;
  if (!adapter) return { user: input.user, isNewUser: false };
  if (input.provider.type === "email") {
    // The link proved the address: that user, now verified, or a new one.
    const email = input.user.email as string;
    const verified = new Date(ctx.now);
    const existing = await callAdapter(adapter, "getUserByEmail", email);
    if (existing)
      return {
        user: await callAdapter(adapter, "updateUser", { id: existing.id, emailVerified: verified }),
        isNewUser: false,
      };
    const created = await callAdapter(adapter, "createUser", {
      email,
      emailVerified: verified,
      name: null,
      image: null,
    });
    return { user: created, isNewUser: true };
  }
  if (input.provider.type === "credentials") {
    const known = await callAdapter(adapter, "getUser", input.user.id);
    if (known) return { user: known, isNewUser: false };
  }
  return resolveUser({
    adapter,
    provider: input.provider,
    user: input.user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    currentUserId: await strategy.userId(ctx),
    keys: ctx.config.keys,
  });
}
