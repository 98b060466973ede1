import type { Services } from "../actions/services.ts";
import type { Adapter, AdapterAccount, AdapterUser, ClaimedUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { reportAddressProven } from "../audit/report-account.ts";
import { AuthError, hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import { signInPageUrl } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { sendInBackground } from "./account-mail.ts";
import { accountMailerOf } from "./account-mailer.ts";
import { forgetEndedSessions } from "./end-sessions.ts";

/** What a claim took away; `fresh`: an Auth.js adapter, whose user was replaced by a new one. */
export type Removed = ClaimedUser["removed"] & { fresh?: true };

/**
 * Pre-account hijacking (docs/account.md): someone signs up with an address they do not own — a
 * password, a passkey, a provider that does not check addresses — and leaves it unverified. When
 * the address's owner proves it for the first time by another channel (an email sign-in link, a
 * password reset link, a provider that vouches for the address), the account becomes theirs and
 * keeps nothing the unproven party set. In one storage transaction, conditional on the address
 * still being unverified: the password, passkeys, two-factor, linked accounts (but `link`, the one
 * proving it now), every session on both strategies, the name and picture go; the address is
 * verified and the generation moves on, voiding every link issued before. The user's id stays, so
 * what the app keys on it stays with the account.
 *
 * Resolves to the claimed user and what went, or null when another proof won the race (the address
 * is verified now: the caller goes on as for a verified user). An adapter without
 * `claimUnverifiedUser` (an Auth.js adapter) cannot strip in place: the unverified user is deleted
 * (its accounts and sessions with it, by the adapter's cascade) and the owner starts from a fresh
 * one, with a new id.
 */
export async function claimUnverifiedUser(
  ctx: RequestContext,
  input: { user: AdapterUser; link?: Omit<AdapterAccount, "userId"> | null },
): Promise<{ user: AdapterUser; removed: Removed } | null> {
  const adapter = ctx.config.adapter!;
  const verifiedAt = new Date(ctx.now);
  const { user } = input;
  const link = input.link ? { ...input.link, userId: user.id } : null;
  if (typeof adapter.claimUnverifiedUser === "function") {
    try {
      return await callAdapter(adapter, "claimUnverifiedUser", user.id, { verifiedAt, link });
    } catch (error) {
      // The provider account was linked to someone else meanwhile (a concurrent first sign-in).
      if (isAuthError(error) && hasErrorCode(error.cause, "Conflict")) {
        throw new AuthError("OAuthAccountNotLinked", { cause: error });
      }
      throw error;
    }
  }
  return startAfresh(adapter, { user, verifiedAt, link: input.link ?? null });
}

/** The Auth.js adapter's claim: the unverified user goes, a new verified one takes the address. */
async function startAfresh(
  adapter: Adapter,
  input: { user: AdapterUser; verifiedAt: Date; link: Omit<AdapterAccount, "userId"> | null },
): Promise<{ user: AdapterUser; removed: Removed }> {
  if (typeof adapter.deleteUser !== "function") {
    // Nothing here could remove what the unproven party set: never hand the account over.
    throw new AuthError("OAuthAccountNotLinked", {
      cause: "an unverified user and an adapter without deleteUser",
    });
  }
  await callAdapter(adapter, "deleteUser", input.user.id);
  const created = await callAdapter(adapter, "createUser", {
    email: input.user.email,
    emailVerified: input.verifiedAt,
    name: null,
    image: null,
  });
  if (input.link) await callAdapter(adapter, "linkAccount", { ...input.link, userId: created.id });
  const removed = {
    password: false,
    passkeys: 0,
    twoFactor: false,
    accounts: 0,
    sessions: 0,
    profile: false,
  };
  return { user: created, removed: { ...removed, fresh: true } };
}

/** Whether a claim took anything away: then the owner is told, and it is audited as a claim. */
export function removedAnything(removed: Removed): boolean {
  return (
    removed.fresh === true ||
    removed.password ||
    removed.passkeys > 0 ||
    removed.twoFactor ||
    removed.accounts > 0 ||
    removed.sessions > 0 ||
    removed.profile
  );
}

/**
 * What follows a claim: this instance forgets the sessions that ended, the address counts as
 * proven (`email-verified`, the `updateUser` event), and when anything was taken away the claim is
 * logged and audited (`unverified-account-claimed`, with what went) and the owner gets a mail
 * (`account-secured`) besides the notice on the page they land on. Resolves to whether anything
 * was taken away (the notice's cue).
 */
export async function reportClaim(
  ctx: RequestContext,
  services: Services,
  claim: { user: AdapterUser; removed: Removed; method: string },
): Promise<boolean> {
  const { user, removed, method } = claim;
  forgetEndedSessions(services, user.id);
  await reportAddressProven(ctx, user, { method, firstTime: true });
  if (!removedAnything(removed)) return false;
  const detail = { method, ...removed };
  ctx.config.logger.warn("UnverifiedAccountClaimed", { userId: user.id, ...detail });
  await recordAudit(ctx, {
    kind: "unverified-account-claimed",
    actorId: user.id,
    subjectId: user.id,
    detail,
  });
  const sender = accountMailerOf(ctx);
  if (sender && user.email) {
    const to = user.email;
    sendInBackground(ctx, sender, async () => ({
      kind: "account-secured",
      to,
      url: signInPageUrl(ctx, {}),
      expires: null,
    }));
  }
  return true;
}
