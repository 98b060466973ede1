import { recentSignIn } from "../accounts/recent-sign-in.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { isAdmin } from "../admin/is-admin.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { accountUser } from "./lib/account-user.ts";
import type { Services } from "./services.ts";

/**
 * `GET account` (JSON), for the signed-in user: the profile, the ways they can sign in (password,
 * passkeys, two-factor, linked providers), the providers they could link, and whether their sign-in
 * is recent enough for sensitive changes. Answers `{ user, methods, linkable, recentSignIn }`; `user`
 * carries the stored `role` and `admin` (an administrator: the console shows its admin link).
 */
export async function accountAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { user, current } = await accountUser(ctx, services);
  const adapter = ctx.config.adapter!;
  const [passwordHash, passkeys, twoFactor, accounts] = await Promise.all([
    adapter.getPasswordHash ? callAdapter(adapter, "getPasswordHash", user.id) : null,
    adapter.listPasskeys ? callAdapter(adapter, "listPasskeys", user.id) : [],
    adapter.getTwoFactor ? callAdapter(adapter, "getTwoFactor", user.id) : null,
    adapter.listAccountsByUserId ? callAdapter(adapter, "listAccountsByUserId", user.id) : [],
  ]);
  const linked = new Set(accounts.map((account) => account.provider));
  const providers = [...ctx.config.providers.values()];
  return json({
    user: {
      id: user.id,
      email: user.email,
      name: user.name ?? null,
      image: user.image ?? null,
      emailVerified: user.emailVerified ? user.emailVerified.toISOString() : null,
      role: user.role ?? null,
      // Whether to offer the admin console: the admin endpoints decide again on every call.
      admin: isAdmin(user, ctx.config.admin),
    },
    methods: {
      password: passwordHash !== null,
      passkeys: passkeys.length,
      twoFactor: twoFactor?.enabledAt != null,
      providers: accounts.map((account) => ({
        provider: account.provider,
        name: ctx.config.providers.get(account.provider)?.name ?? account.provider,
        type: account.type,
      })),
    },
    linkable: providers
      .filter(
        (provider) => (provider.type === "oauth" || provider.type === "oidc") && !linked.has(provider.id),
      )
      .map((provider) => ({ id: provider.id, name: provider.name, type: provider.type })),
    recentSignIn: await recentSignIn(ctx, services, current),
  });
}
