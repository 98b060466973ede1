import { clientIp, proxyTrust } from "../limits/client-ip.ts";
import type { RequestContext } from "./request-context.ts";

/** Longest User-Agent kept with a session or an audit entry: enough for any real browser. */
const USER_AGENT_LIMIT = 512;

/**
 * The client's address as a person reads it (a session list, an audit entry): the socket peer, or
 * the `X-Forwarded-For` entry the configured `rateLimit.trustedProxies` vouch for. Null when unknown.
 */
export function clientAddressOf(ctx: RequestContext): string | null {
  const settings = ctx.config.rateLimit;
  const trusted = settings === false ? undefined : settings.trustedProxies;
  return clientIp(ctx.request, {
    socketAddress: ctx.clientAddress,
    ...(trusted === undefined ? {} : { trustedProxies: proxyTrust(trusted) }),
  });
}

/** The request's User-Agent, cut to a length worth storing; null when absent. */
export function userAgentOf(ctx: RequestContext): string | null {
  const value = ctx.request.headers.get("user-agent");
  return value ? value.slice(0, USER_AGENT_LIMIT) : null;
}

/** Where a request came from, as the limits read it. */
export function clientOf(ctx: RequestContext): {
  headers: RequestContext["request"]["headers"];
  clientAddress: string | null;
} {
  return { headers: ctx.request.headers, clientAddress: ctx.clientAddress };
}
