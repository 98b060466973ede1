import { callAdapter } from "../adapter/call-adapter.ts";
import { reportAccountLinked, reportAddressProven, reportNewUser } from "../audit/report-account.ts";
import type { Account } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { ProviderConfig, User } from "../providers/types.ts";
import { resolveUser } from "./resolve-user.ts";

/**
 * With an adapter the session belongs to a stored user: an existing one for a credentials user the
 * app already keeps, else the one account resolution finds or creates. Without one, the provider's
 * user is the session's user.
 */
export async function storedUser(
  ctx: RequestContext,
  input: { provider: ProviderConfig; user: User; account: Account; profile?: Record<string, unknown> },
  /**
   * Who the provider account may be linked to (the user who started this OAuth flow signed in and
   * still is: `linkingUser`), or null; asked only when a provider account is resolved.
   */
  currentUserId: () => Promise<string | null>,
): Promise<{ user: User; isNewUser: boolean }> {
  const adapter = ctx.config.adapter;
  if (!adapter) return { user: input.user, isNewUser: false };
  if (input.provider.type === "email") {
    // The link proved the address: that user, now verified, or a new one.
    const email = input.user.email as string;
    const verified = new Date(ctx.now);
    const existing = await callAdapter(adapter, "getUserByEmail", email);
    if (existing) {
      const user = await callAdapter(adapter, "updateUser", { id: existing.id, emailVerified: verified });
      await reportAddressProven(ctx, user, { method: input.provider.id, firstTime: !existing.emailVerified });
      return { user, isNewUser: false };
    }
    const created = await callAdapter(adapter, "createUser", {
      email,
      emailVerified: verified,
      name: null,
      image: null,
    });
    await reportNewUser(ctx, created, { method: input.provider.id });
    return { user: created, isNewUser: true };
  }
  // A password sign-in checked a stored user's password: that user, as stored.
  if (input.provider.type === "password") return { user: input.user, isNewUser: false };
  if (input.provider.type === "credentials") {
    const known = await callAdapter(adapter, "getUser", input.user.id);
    if (known) return { user: known, isNewUser: false };
  }
  const { user, isNewUser, linked } = await resolveUser({
    adapter,
    provider: input.provider,
    user: input.user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    currentUserId: await currentUserId(),
    keys: ctx.config.keys,
  });
  if (linked === "new-user") await reportNewUser(ctx, user, { method: input.provider.id });
  if (linked)
    await reportAccountLinked(ctx, { user, account: input.account, profile: input.user, by: linked });
  return { user, isNewUser };
}
