import type { AccountTokens } from "../adapter/adapter.ts";
import type { KeyRing } from "../lib/key-ring.ts";
import { sealToken } from "../lib/token-cipher.ts";
import type { TokenSet } from "../providers/types.ts";

/** The three columns that are credentials (or, for the ID token, personal data): sealed at rest. */
const SEALED = ["access_token", "refresh_token", "id_token"] as const;

/**
 * A copy of an account (or token fields) with its tokens sealed, so no adapter — and no database
 * dump — ever holds a provider token in plaintext. `null`/absent fields stay as they are.
 */
export async function sealAccountTokens<T extends AccountTokens>(keys: KeyRing, account: T): Promise<T> {
  const sealed = { ...account };
  for (const field of SEALED) {
    const value = account[field];
    if (typeof value === "string") sealed[field] = await sealToken(keys, value);
  }
  return sealed;
}

/**
 * The fields a fresh token response replaces on a linked account. A refresh token or ID token the
 * provider did not send again is kept (most providers send a refresh token only once); a new access
 * token always brings its own expiry, type and scope, `null` when the response had none.
 */
export function tokensFromResponse(tokens: TokenSet): AccountTokens {
  const next: AccountTokens = {};
  if (typeof tokens.access_token === "string") {
    next.access_token = tokens.access_token;
    next.expires_at = typeof tokens.expires_at === "number" ? tokens.expires_at : null;
    next.token_type = typeof tokens.token_type === "string" ? tokens.token_type : null;
    if (typeof tokens.scope === "string") next.scope = tokens.scope;
  }
  if (typeof tokens.refresh_token === "string") next.refresh_token = tokens.refresh_token;
  if (typeof tokens.id_token === "string") next.id_token = tokens.id_token;
  return next;
}

/** What a cleanly ended link keeps: the account row (sign-in still works), no credential. */
export const CLEARED_TOKENS: AccountTokens = { access_token: null, refresh_token: null, expires_at: null };
