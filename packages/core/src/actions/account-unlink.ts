import { moveGeneration } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { accountUser } from "./lib/account-user.ts";
import { limit } from "./lib/limit.ts";
import type { Services } from "./services.ts";

/**
 * `POST account-unlink` (JSON) with `provider`, for the signed-in user: removes that provider's
 * account from theirs, unless it is their last way to sign in — no password, no passkey, no other
 * linked provider, and no email sign-in link for their address — which is `LastSignInMethod` (409).
 * Answers `{ ok: true }`; `NotFound` (404) when no such provider is linked.
 */
export async function accountUnlinkAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { user } = await accountUser(ctx, services);
  const limited = await limit(ctx, services, "accountUpdate", user.id);
  if (limited) return limited;
  const adapter = ctx.config.adapter!;
  if (!adapter.listAccountsByUserId || !adapter.unlinkAccount) {
    throw new AuthError("UnknownAction", { cause: "the adapter cannot list or unlink accounts" });
  }
  const provider = ctx.body.provider;
  const accounts = await callAdapter(adapter, "listAccountsByUserId", user.id);
  const account = accounts.find((linked) => linked.provider === provider);
  if (!account) throw new AuthError("NotFound");
  const others = accounts.length > 1;
  const password = adapter.getPasswordHash
    ? (await callAdapter(adapter, "getPasswordHash", user.id)) !== null
    : false;
  const passkeys = adapter.listPasskeys
    ? (await callAdapter(adapter, "listPasskeys", user.id)).length > 0
    : false;
  const emailLink =
    Boolean(user.email) &&
    [...ctx.config.providers.values()].some((configured) => configured.type === "email");
  if (!others && !password && !passkeys && !emailLink) throw new AuthError("LastSignInMethod");
  await callAdapter(adapter, "unlinkAccount", {
    provider: account.provider,
    providerAccountId: account.providerAccountId,
  });
  await moveGeneration(adapter, user.id);
  await recordAudit(ctx, {
    kind: "account-unlinked",
    actorId: user.id,
    subjectId: user.id,
    detail: { provider: account.provider },
  });
  return json({ ok: true });
}
