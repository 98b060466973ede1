import { base64url } from "jose";
import type { RequestContext } from "../http/request-context.ts";
import { DEFAULTS } from "../lib/defaults.ts";
import { decodeJwt, encodeJwt } from "../lib/jwt.ts";

/** The one-time values an OAuth callback is checked against. */
export interface CheckValues {
  state?: string;
  codeVerifier?: string;
  nonce?: string;
}

/**
 * One sign-in flow as its start sealed it: a random id (what the callback spends, so the flow
 * completes once) and who asked to link the provider's account — the user signed in when the flow
 * started, or null for a sign-in (docs/protocol.md §9).
 */
export interface CheckFlow {
  id: string;
  linkUserId: string | null;
}

const KINDS = ["state", "codeVerifier", "nonce"] as const;

function cookieName(ctx: RequestContext, kind: (typeof KINDS)[number]): string {
  return kind === "codeVerifier" ? ctx.names.pkceCodeVerifier : ctx.names[kind];
}

/**
 * Seals each check value into its own cookie as an encrypted `{value, provider, flow, link}` with a
 * 15-minute lifetime. The key is derived with the cookie's name as salt, so a check cookie can never
 * be replayed as a session token or as another kind of check, and `provider` binds it to one
 * provider. Every cookie of one start carries the same `flow` id and link intent (`link`, absent for
 * a sign-in): the callback accepts them only together.
 */
export async function sealChecks(
  ctx: RequestContext,
  providerId: string,
  checks: CheckValues,
  intent: { linkUserId: string | null },
): Promise<void> {
  const maxAge = DEFAULTS.checkMaxAge;
  const flow = base64url.encode(crypto.getRandomValues(new Uint8Array(16)));
  const link = intent.linkUserId === null ? {} : { link: intent.linkUserId };
  for (const kind of KINDS) {
    const value = checks[kind];
    const name = cookieName(ctx, kind);
    if (value === undefined) {
      if (ctx.cookies.has(name)) ctx.out.delete(name);
      continue;
    }
    const keys = await ctx.config.keys.encryptionKeys(name);
    const token = { value, provider: providerId, flow, ...link };
    const sealed = await encodeJwt({ token, keys, maxAge, now: ctx.now });
    ctx.out.set(name, sealed, { maxAge, expires: new Date(ctx.now + maxAge * 1000) });
  }
}

/**
 * Opens the check cookies for `providerId` and clears them (they are single use). A cookie that is
 * missing, expired, tampered or minted for another provider yields no value, so the callback fails;
 * so do cookies of two different starts (their flows differ): then no value at all, and no flow.
 * `flow` is null when no cookie opened.
 */
export async function openChecks(
  ctx: RequestContext,
  providerId: string,
): Promise<{ checks: CheckValues; flow: CheckFlow | null }> {
  const checks: CheckValues = {};
  let flow: CheckFlow | null = null;
  let mixed = false;
  for (const kind of KINDS) {
    const name = cookieName(ctx, kind);
    const raw = ctx.cookies.get(name);
    if (raw === undefined) continue;
    ctx.out.delete(name);
    const keys = await ctx.config.keys.encryptionKeys(name);
    const payload = await decodeJwt({ token: raw, keys, now: ctx.now });
    if (!payload || payload.provider !== providerId || typeof payload.value !== "string") continue;
    if (typeof payload.flow !== "string") continue;
    const opened = { id: payload.flow, linkUserId: typeof payload.link === "string" ? payload.link : null };
    if (flow && (flow.id !== opened.id || flow.linkUserId !== opened.linkUserId)) mixed = true;
    flow ??= opened;
    checks[kind] = payload.value;
  }
  return mixed ? { checks: {}, flow: null } : { checks, flow };
}
