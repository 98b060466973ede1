import type { RequestContext } from "../http/request-context.ts";
import { fromHex, randomHex, toHex, utf8 } from "../lib/encoding.ts";

const PURPOSE = "gatehouse.known-device";
/** A device stays known for a year after its last successful sign-in. */
const MAX_AGE_S = 365 * 24 * 60 * 60;

function cookieName(ctx: RequestContext): string {
  return `${ctx.secure ? "__Host-" : ""}${ctx.config.cookiePrefix}.known-device`;
}

async function sign(ctx: RequestContext, deviceId: string, account: string): Promise<string> {
  const [key] = await ctx.config.keys.macKeys(PURPOSE);
  const mac = await crypto.subtle.sign("HMAC", key!.key, utf8.encode(`${deviceId}\n${account}`));
  return toHex(new Uint8Array(mac));
}

/**
 * The id of this browser when it signed in to `account` before (the lockout's known-device bucket),
 * else null. The cookie is `deviceId|HMAC(deviceId, account)`: bound to the account, made only by
 * us, so a stolen or forged cookie buys no attempts on another account.
 */
export async function knownDevice(ctx: RequestContext, account: string): Promise<string | null> {
  const value = ctx.cookies.get(cookieName(ctx));
  if (!value) return null;
  const [deviceId, macHex] = value.split("|");
  if (!deviceId || !/^[0-9a-f]{32}$/.test(deviceId)) return null;
  const mac = macHex ? fromHex(macHex) : null;
  if (mac?.length !== 32) return null;
  const data = utf8.encode(`${deviceId}\n${account}`);
  for (const { key } of await ctx.config.keys.macKeys(PURPOSE)) {
    if (await crypto.subtle.verify("HMAC", key, mac, data)) return deviceId;
  }
  return null;
}

/** Marks this browser as a known device of `account` after a successful password sign-in. */
export async function rememberDevice(ctx: RequestContext, account: string): Promise<void> {
  const existing = ctx.cookies.get(cookieName(ctx))?.split("|")[0];
  const deviceId = existing && /^[0-9a-f]{32}$/.test(existing) ? existing : randomHex(16);
  ctx.out.set(cookieName(ctx), `${deviceId}|${await sign(ctx, deviceId, account)}`, {
    maxAge: MAX_AGE_S,
    expires: new Date(ctx.now + MAX_AGE_S * 1000),
  });
}
