import { ConfigError } from "../errors/config-error.ts";
import type { AdapterAccount, AdapterUser, ClaimedUser } from "./adapter.ts";
import type { MemoryAdapter } from "./memory-adapter.ts";
import { MemoryAdapterError } from "./memory-adapter-error.ts";
import { validDate } from "./memory-copies.ts";

type SecurityMethods = Pick<MemoryAdapter, "bumpSecurityGeneration" | "claimUnverifiedUser">;

/** What the security methods reach of the memory adapter's other tables. */
export interface MemorySecurityRefs {
  user(id: string): AdapterUser | undefined;
  copyUser(user: AdapterUser): AdapterUser;
  /** The account's owner, when (provider, providerAccountId) is linked. */
  accountOwner(account: AdapterAccount): string | undefined;
  /**
   * Deletes everything of the user a claim removes but the user row (password, passkeys, two-factor,
   * backup codes, accounts, sessions and their records) and says how much went.
   */
  strip(userId: string): Omit<ClaimedUser["removed"], "profile">;
  linkAccount(account: AdapterAccount): void;
  setSessionsValidAfter(userId: string, at: Date): void;
}

/**
 * The memory adapter's security generation and unverified-account claim, with the SQL adapter's
 * semantics. Each method does its reads and writes in one synchronous step: that is this adapter's
 * transaction, so of two claims racing for one user exactly one strips it, and a compare-and-set
 * bump has exactly one winner.
 */
export function createMemorySecurity(refs: MemorySecurityRefs): SecurityMethods {
  return {
    async bumpSecurityGeneration(userId, expected) {
      if (expected !== undefined && !Number.isSafeInteger(expected)) {
        throw new ConfigError("Gatehouse memory storage: bumpSecurityGeneration needs an integer expected");
      }
      const row = refs.user(userId);
      if (row === undefined) return null;
      const current = row.securityGeneration ?? 0;
      if (expected !== undefined && current !== expected) return null;
      row.securityGeneration = current + 1;
      return row.securityGeneration;
    },

    async claimUnverifiedUser(userId, claim) {
      const verifiedAt = validDate(claim.verifiedAt, "verifiedAt");
      const row = refs.user(userId);
      if (row === undefined || row.emailVerified !== null) return null;
      // Checked before anything is written: a link taken by someone else writes nothing.
      const link = claim.link === null ? null : { ...claim.link, userId };
      if (link !== null) {
        const owner = refs.accountOwner(link);
        if (owner !== undefined) throw new MemoryAdapterError("Conflict", "claimUnverifiedUser");
      }
      const removed = {
        ...refs.strip(userId),
        profile: (row.name ?? null) !== null || (row.image ?? null) !== null,
      };
      row.name = null;
      row.image = null;
      row.emailVerified = verifiedAt;
      row.securityGeneration = (row.securityGeneration ?? 0) + 1;
      refs.setSessionsValidAfter(userId, verifiedAt);
      if (link !== null) refs.linkAccount(link);
      return { user: refs.copyUser(row), removed };
    },
  };
}
