import type { IncomingMessage } from "node:http";

/**
 * The request target as the client sent it: `req.url`, or Express's `originalUrl` when a router
 * mounted the handler on a path and cut that path off `req.url`.
 */
export function requestTarget(req: IncomingMessage): string {
  const original: unknown = (req as { originalUrl?: unknown }).originalUrl;
  return typeof original === "string" ? original : (req.url ?? "/");
}

/**
 * The absolute URL of a request: `https` on a TLS socket, else `http`; the first `Host` header
 * (`localhost` when an HTTP/1.0 client sent none); then the target as sent. The target is appended,
 * never resolved against the host: `//evil.example/x` stays a path. An absolute-form target
 * (`GET http://host/x`, as sent to proxies) is the URL itself.
 */
export function requestUrl(req: IncomingMessage, target: string): string {
  if (!target.startsWith("/") && /^https?:\/\//i.test(target)) return target;
  const scheme = "encrypted" in req.socket && req.socket.encrypted === true ? "https" : "http";
  return `${scheme}://${firstHost(req.rawHeaders) ?? "localhost"}${target}`;
}

function firstHost(raw: readonly string[]): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 4 && name.toLowerCase() === "host") return raw[i + 1];
  }
  return undefined;
}
