import type { RequestHead } from "@gatehouse/core";
// The `.js` file, not the bare `next/headers`: Next.js has no `exports` map, so plain Node's ESM
// resolver (tests, scripts) needs the file name; Next's bundlers resolve both.
import { headers } from "next/headers.js";

/** A host as `Host` carries it: a name or IPv4 address, or a bracketed IPv6 address, and a port. */
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The request being rendered, as core reads it, from `next/headers` (server components, server
 * actions, route handlers).
 *
 * Errors of `headers()` are not caught: Next.js throws (or suspends) there to mark a page dynamic
 * during prerendering, and outside a request it throws to say `headers()` cannot be used there. Both
 * must reach Next.js and the developer.
 */
export async function currentRequest(): Promise<RequestHead> {
  const incoming = await headers();
  return { method: "GET", url: pageUrl(incoming), headers: incoming };
}

/**
 * An absolute URL for the request, whose path core does not need here. Its scheme decides the session
 * cookie's name (`__Host-` on https) when no URL is configured: the request's scheme is read as
 * Next.js reads it for `request.url`, from `X-Forwarded-Proto`, which Next's server sets from the
 * socket unless a proxy in front set it. A configured `AUTH_URL` (or `trustHost`) wins in core, as
 * for every request.
 */
function pageUrl(incoming: { get(name: string): string | null }): string {
  const scheme = incoming.get("x-forwarded-proto")?.includes("https") ? "https" : "http";
  const host = incoming.get("host") ?? "";
  return `${scheme}://${HOST.test(host) ? host : "localhost"}/`;
}
