import type { RequestContext } from "../http/request-context.ts";
import { DEFAULTS } from "../lib/defaults.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";

/** The one-time values an OAuth callback is checked against. */
export interface CheckValues {
  state?: string;
  codeVerifier?: string;
  nonce?: string;
}

const KINDS = ["state", "codeVerifier", "nonce"] as const;

function cookieName(ctx: RequestContext, kind: (typeof KINDS)[number]): string {
  return kind === "codeVerifier" ? ctx.names.pkceCodeVerifier : ctx.names[kind];
}

/**
 * Seals each check value into its own cookie as an encrypted `{value, provider}` with a 15-minute
 * lifetime. The key is derived with the cookie's name as salt, so a check cookie can never be
 * replayed as a session token or as another kind of check, and `provider` binds it to one provider.
 */
export async function sealChecks(
  ctx: RequestContext,
  providerId: string,
  checks: CheckValues,
): Promise<void> {
  const maxAge = DEFAULTS.checkMaxAge;
  for (const kind of KINDS) {
    const value = checks[kind];
    const name = cookieName(ctx, kind);
    if (value === undefined) {
      if (ctx.cookies.has(name)) ctx.out.delete(name);
      continue;
    }
    const keys = await ctx.config.keys.encryptionKeys(name);
    const sealed = await encodeJwt({ token: { value, provider: providerId }, keys, maxAge, now: ctx.now });
    ctx.out.set(name, sealed, { maxAge, expires: new Date(ctx.now + maxAge * 1000) });
  }
}

/**
 * Opens the check cookies for `providerId` and clears them (they are single use). A cookie that is
 * missing, expired, tampered or minted for another provider yields no value, so the callback fails.
 */
export async function openChecks(ctx: RequestContext, providerId: string): Promise<CheckValues> {
  const out: CheckValues = {};
  for (const kind of KINDS) {
    const name = cookieName(ctx, kind);
    const raw = ctx.cookies.get(name);
    if (raw === undefined) continue;
    ctx.out.delete(name);
    const keys = await ctx.config.keys.encryptionKeys(name);
    const payload = await decodeJwt({ token: raw, keys, now: ctx.now });
    if (payload && payload.provider === providerId && typeof payload.value === "string")
      out[kind] = payload.value;
  }
  return out;
}
