import type { Adapter, AdapterAccount, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { Removed } from "./claim-unverified-user.ts";

/** Claims an unverified user for the owner of its address (`claimUnverifiedUser`, bound to the request). */
export type ClaimUnverified = (
  user: AdapterUser,
  link: Omit<AdapterAccount, "userId">,
) => Promise<{ user: AdapterUser; removed: Removed } | null>;

/**
 * Account resolution's email-linking branch (`allowDangerousEmailAccountLinking`, and the provider
 * says the address is verified): the provider account goes to the user who has the address. When
 * that user's address was never proven, the provider's word is its first proof — a pre-account
 * hijack otherwise: whoever signed up with the address unproven would share the owner's account.
 * So the account is claimed: everything the unproven party set goes, and the provider account is
 * linked, in one transaction (`claim`). `claimed` says what went; absent when nothing was claimed.
 */
export async function linkByVerifiedEmail(
  adapter: Adapter,
  claim: ClaimUnverified,
  input: { user: AdapterUser; account: Omit<AdapterAccount, "userId"> },
): Promise<{ user: AdapterUser; isNewUser: false; linked: "email"; claimed?: Removed }> {
  const { user, account } = input;
  if (!user.emailVerified) {
    const claimed = await claim(user, account);
    if (claimed) return { user: claimed.user, isNewUser: false, linked: "email", claimed: claimed.removed };
    // Another proof won the race: the address is verified now, and the account links as to any
    // verified user's.
  }
  await callAdapter(adapter, "linkAccount", { ...account, userId: user.id });
  const current = user.emailVerified ? user : await callAdapter(adapter, "getUser", user.id);
  return { user: current ?? user, isNewUser: false, linked: "email" };
}
