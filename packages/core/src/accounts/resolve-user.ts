import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { LinkedBy } from "../audit/report-account.ts";
import type { Account } from "../config/options.ts";
import { AuthError, hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import type { KeyRing } from "../lib/key-ring.ts";
import type { ProviderConfig, User } from "../providers/types.ts";
import { sealAccountTokens, tokensFromResponse } from "../tokens/sealed-account.ts";
import type { Removed } from "./claim-unverified-user.ts";
import { type ClaimUnverified, linkByVerifiedEmail } from "./link-by-verified-email.ts";

/**
 * Finds or creates the stored user for a provider account (docs/protocol.md §9; Auth.js's linking rules):
 * - a known account signs its owner in — unless another user asked to link it (OAuthAccountNotLinked);
 * - an unknown account is linked to the user who asked to link (`currentUserId`: the user who
 *   started this OAuth flow signed in and still is — never just whoever's session the callback carries);
 * - an unknown account whose email belongs to a user is refused (OAuthAccountNotLinked) unless the
 *   provider allows email linking AND says the email is verified — otherwise an attacker who can
 *   register that address at a lax provider would take the account over; a user whose own address
 *   was never verified is claimed then (`linkByVerifiedEmail`: `claimed` says what went);
 * - otherwise user and account are created together, in one transaction when the adapter can; the
 *   address counts as verified only when the provider vouches for it as above (email linking on and
 *   `email_verified`), else the first proof by mail claims the account.
 * Provider tokens are sealed (`keys`) before any adapter sees them; a known account's sign-in stores
 * its new tokens when the adapter can (`updateAccountTokens`). `linked` says how this call linked the
 * account, or null when it linked none (for the audit log and the `linkAccount` event).
 */
export async function resolveUser(input: {
  adapter: Adapter;
  provider: ProviderConfig;
  user: User;
  account: Account;
  profile?: Record<string, unknown>;
  currentUserId: string | null;
  keys: KeyRing;
  /** Now (epoch ms): when a provider that may vouch for addresses proved a new user's. */
  now: number;
  /** How an unverified user is claimed when a provider proves the address (email linking). */
  claimUnverified: ClaimUnverified;
}): Promise<{ user: AdapterUser; isNewUser: boolean; linked: LinkedBy | null; claimed?: Removed }> {
  const { adapter, provider, currentUserId } = input;
  const account = await sealAccountTokens(input.keys, input.account);
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const owner = await callAdapter(adapter, "getUserByAccount", key);
  if (owner) {
    if (currentUserId && currentUserId !== owner.id) throw new AuthError("OAuthAccountNotLinked");
    const fresh = tokensFromResponse(account);
    if (adapter.updateAccountTokens && Object.keys(fresh).length > 0) {
      await callAdapter(adapter, "updateAccountTokens", key, fresh);
    }
    return { user: owner, isNewUser: false, linked: null };
  }
  if (currentUserId) {
    const current = await callAdapter(adapter, "getUser", currentUserId);
    if (current) {
      await callAdapter(adapter, "linkAccount", { ...storedAccount(account), userId: current.id });
      return { user: current, isNewUser: false, linked: "signed-in" };
    }
  }
  const email = typeof input.user.email === "string" ? input.user.email.toLowerCase() : null;
  // The provider's word on the address counts only where the app trusts it for that: email linking
  // allowed, and the provider says the address is verified. The same word that may claim an
  // unverified user below proves a new user's address; without it, the address stays unproven and
  // a later proof by mail claims the account (docs/account.md, pre-account hijacking).
  const vouched =
    input.profile?.email_verified === true &&
    "allowDangerousEmailAccountLinking" in provider &&
    provider.allowDangerousEmailAccountLinking === true;
  if (email) {
    const sameEmail = await callAdapter(adapter, "getUserByEmail", email);
    if (sameEmail) {
      if (!vouched) {
        // A concurrent first sign-in of this same account may have committed between our account
        // lookup and this email lookup: then the email's user is that account's owner, not a stranger.
        const winner = await callAdapter(adapter, "getUserByAccount", key);
        if (winner && winner.id === sameEmail.id && (!currentUserId || currentUserId === winner.id)) {
          return { user: winner, isNewUser: false, linked: null };
        }
        throw new AuthError("OAuthAccountNotLinked");
      }
      return linkByVerifiedEmail(adapter, input.claimUnverified, {
        user: sameEmail,
        account: storedAccount(account),
      });
    }
  }
  const newUser = {
    name: input.user.name ?? null,
    email: email as string,
    emailVerified: vouched && email ? new Date(input.now) : null,
    image: input.user.image ?? null,
  };
  return { user: await createTogether(adapter, newUser, account), isNewUser: true, linked: "new-user" };
}

async function createTogether(
  adapter: Adapter,
  user: Omit<AdapterUser, "id">,
  account: Account,
): Promise<AdapterUser> {
  if (adapter.createUserAndAccount) {
    try {
      return await callAdapter(adapter, "createUserAndAccount", user, storedAccount(account));
    } catch (error) {
      // The storage refused the email (a concurrent sign-up, or a user the email lookup missed): the
      // same refusal as an email that belongs to someone else.
      if (isAuthError(error) && hasErrorCode(error.cause, "EmailTaken")) {
        throw new AuthError("OAuthAccountNotLinked", { cause: error });
      }
      throw error;
    }
  }
  // Without a transaction: create, link, and remove the user again if linking fails, so no user is
  // left behind without its account.
  const created = await callAdapter(adapter, "createUser", user);
  try {
    await callAdapter(adapter, "linkAccount", { ...storedAccount(account), userId: created.id });
  } catch (error) {
    await Promise.resolve(adapter.deleteUser?.(created.id)).catch(() => {});
    const winner = await callAdapter(adapter, "getUserByAccount", {
      provider: account.provider,
      providerAccountId: account.providerAccountId,
    }).catch(() => null);
    if (winner) return winner;
    throw error;
  }
  return created;
}

/** The account fields the storage model keeps (docs/protocol.md §9); provider extras are dropped. */
function storedAccount(account: Account) {
  const pick = <T>(value: unknown, type: string): T | null => (typeof value === type ? (value as T) : null);
  return {
    type: account.type,
    provider: account.provider,
    providerAccountId: account.providerAccountId,
    refresh_token: pick<string>(account.refresh_token, "string"),
    access_token: pick<string>(account.access_token, "string"),
    expires_at: pick<number>(account.expires_at, "number"),
    token_type: pick<string>(account.token_type, "string"),
    scope: pick<string>(account.scope, "string"),
    id_token: pick<string>(account.id_token, "string"),
    session_state: pick<string>(account.session_state, "string"),
  };
}
