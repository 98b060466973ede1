import type { Account, FindAccount } from "oidc-provider";

/** Longest user name the login form accepts; keeps `sub` well under OIDC's 255-character limit. */
export const MAX_USER_NAME_LENGTH = 100;

/**
 * The account id for a typed user name, or `null` when the name is unusable (blank or too long).
 * Case and surrounding spaces are folded so "Alice" and " alice " sign in as the same person.
 */
export function accountIdFor(userName: string): string | null {
  const accountId = userName.trim().toLowerCase();
  if (accountId === "" || accountId.length > MAX_USER_NAME_LENGTH) return null;
  return accountId;
}

/**
 * A mail address that is always syntactically safe, whatever was typed: the local part keeps only
 * a-z, 0-9, ".", "-" and "_" and falls back to "user". `.test` is reserved (RFC 2606), so no
 * mail can ever be delivered to these addresses.
 */
export function emailFor(accountId: string): string {
  const slug = accountId
    .normalize("NFKD")
    .replace(/\p{M}/gu, "") // drop the accents NFKD split off: "renée" -> "renee"
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, "-")
    .replace(/^[.-]+|[.-]+$/g, "")
    .replace(/\.{2,}/g, ".");
  return `${slug === "" ? "user" : slug}@example.test`;
}

/** Remembers the name each account last signed in with, for the `name` claim. */
export interface AccountStore {
  remember(accountId: string, userName: string): void;
  findAccount: FindAccount;
}

/** An in-memory account store; one per provider start, so tests never share accounts. */
export function createAccountStore(): AccountStore {
  const names = new Map<string, string>();
  return {
    remember(accountId, userName) {
      names.set(accountId, userName.trim());
    },
    async findAccount(_ctx, sub): Promise<Account> {
      // Every account exists: the dev provider signs anyone in. An id it has not seen yet (only
      // possible if a caller invents one) gets its id as its name.
      const name = names.get(sub) ?? sub;
      return {
        accountId: sub,
        // oidc-provider filters these by the granted scopes, so returning them all is safe.
        async claims() {
          return { sub, name, email: emailFor(sub), email_verified: true };
        },
      };
    },
  };
}
