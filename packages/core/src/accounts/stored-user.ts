import type { Services } from "../actions/services.ts";
import type { AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reportAccountLinked, reportAddressProven, reportNewUser } from "../audit/report-account.ts";
import type { Account } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { ProviderConfig, User } from "../providers/types.ts";
import { claimUnverifiedUser, reportClaim } from "./claim-unverified-user.ts";
import { keepOrUndo, sessionStillStored } from "./guarded-change.ts";
import { resolveUser } from "./resolve-user.ts";
import { generationOf, keepsGenerations } from "./security-generation.ts";

/** The stored user a sign-in is for, and what the rest of the sign-in needs to know about it. */
export interface StoredSignIn {
  user: User;
  isNewUser: boolean;
  /**
   * The user's security generation as read while the sign-in was resolved, or null when there is
   * none to compare (no adapter, or a password sign-in, whose caller read it before the password).
   * The session is made only if it still holds then (`stillAt`).
   */
  generation: number | null;
  /** The owner of the address just claimed an unverified account and something was taken away: tell them. */
  secured: boolean;
}

/**
 * With an adapter the session belongs to a stored user: an existing one for a credentials user the
 * app already keeps, else the one account resolution finds or creates. Without one, the provider's
 * user is the session's user. An email link or a provider that vouches for the address, proving an
 * unverified account's address for the first time, claims that account (claim-unverified-user.ts).
 */
export async function storedUser(
  ctx: RequestContext,
  input: { provider: ProviderConfig; user: User; account: Account; profile?: Record<string, unknown> },
  /**
   * Who the provider account may be linked to (the user who started this OAuth flow signed in and
   * still is: `linkingUser`), or null; asked only when a provider account is resolved.
   */
  currentUserId: () => Promise<string | null>,
  services: Services,
): Promise<StoredSignIn> {
  const adapter = ctx.config.adapter;
  if (!adapter) return { user: input.user, isNewUser: false, generation: null, secured: false };
  if (input.provider.type === "email")
    return emailUser(ctx, services, input.provider.id, input.user.email as string);
  // A password sign-in checked a stored user's password: that user, as stored.
  if (input.provider.type === "password") {
    return { user: input.user, isNewUser: false, generation: null, secured: false };
  }
  if (input.provider.type === "credentials") {
    const known = await callAdapter(adapter, "getUser", input.user.id);
    if (known) return { user: known, isNewUser: false, generation: generationOf(known), secured: false };
  }
  const signedInId = await currentUserId();
  const before = signedInId ? await signedInGeneration(ctx, services, signedInId) : null;
  const { user, isNewUser, linked, claimed } = await resolveUser({
    adapter,
    provider: input.provider,
    user: input.user,
    account: input.account,
    ...(input.profile ? { profile: input.profile } : {}),
    currentUserId: signedInId,
    keys: ctx.config.keys,
    now: ctx.now,
    claimUnverified: (unverified, link) => claimUnverifiedUser(ctx, { user: unverified, link }),
  });
  let generation = generationOf(user);
  // Linked to the signed-in user: a new way into the account, kept only if no security change
  // (the owner claiming it, a reset) ended that session meanwhile.
  if (linked === "signed-in" && before !== null) {
    const key = { provider: input.account.provider, providerAccountId: input.account.providerAccountId };
    generation = await keepOrUndo(ctx, {
      userId: user.id,
      seen: before,
      undo: () => callAdapter(adapter, "unlinkAccount", key),
    });
  }
  const secured = claimed
    ? await reportClaim(ctx, services, { user, removed: claimed, method: input.provider.id })
    : false;
  if (linked === "new-user") await reportNewUser(ctx, user, { method: input.provider.id });
  if (linked)
    await reportAccountLinked(ctx, { user, account: input.account, profile: input.user, by: linked });
  return { user, isNewUser, generation, secured };
}

/** The link proved the address: that user — claimed if it was never verified — or a new one. */
async function emailUser(
  ctx: RequestContext,
  services: Services,
  method: string,
  email: string,
): Promise<StoredSignIn> {
  const adapter = ctx.config.adapter!;
  const verified = new Date(ctx.now);
  let existing = await callAdapter(adapter, "getUserByEmail", email);
  if (existing && !existing.emailVerified) {
    const claimed = await claimUnverifiedUser(ctx, { user: existing });
    if (claimed) {
      const secured = await reportClaim(ctx, services, { ...claimed, method });
      return { user: claimed.user, isNewUser: false, generation: generationOf(claimed.user), secured };
    }
    // Another proof won the race: the address is verified now; sign in as to a verified user.
    existing = await callAdapter(adapter, "getUserByEmail", email);
  }
  if (existing) {
    const user = await callAdapter(adapter, "updateUser", { id: existing.id, emailVerified: verified });
    await reportAddressProven(ctx, user, { method, firstTime: false });
    return { user, isNewUser: false, generation: generationOf(existing), secured: false };
  }
  const created = await callAdapter(adapter, "createUser", {
    email,
    emailVerified: verified,
    name: null,
    image: null,
  });
  await reportNewUser(ctx, created, { method });
  return { user: created, isNewUser: true, generation: generationOf(created), secured: false };
}

/**
 * The signed-in user's generation before a provider account may be linked to them, read after
 * their session was checked and with the session checked again past the caches (guarded-change.ts);
 * null when there is nothing to guard (no generations, or the session is not the signed-in one).
 */
async function signedInGeneration(
  ctx: RequestContext,
  services: Services,
  userId: string,
): Promise<number | null> {
  const adapter = ctx.config.adapter;
  if (!keepsGenerations(adapter)) return null;
  const user: AdapterUser | null = await callAdapter(adapter, "getUser", userId);
  const current = await services.sessions.current(ctx);
  if (!user || current?.userId !== userId) return null;
  await sessionStillStored(ctx, services, current);
  return generationOf(user);
}
