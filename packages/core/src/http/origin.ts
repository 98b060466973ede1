import type { RequestHead } from "./request-head.ts";
import type { UrlHead } from "./url-head.ts";

/**
 * The origin Gatehouse acts for (docs/protocol.md §1). A configured URL always wins — forwarded headers
 * must never override it (the Auth.js NEXTAUTH_URL precedence bug). Without one, the request URL is
 * used, and `X-Forwarded-Host`/`-Proto` only when the deployment says a trusted proxy sets them.
 */
export function requestOrigin(request: RequestHead, url: UrlHead, trustHost: boolean): string {
  if (!trustHost) return url.origin;
  const host = firstValue(request.headers.get("x-forwarded-host")) ?? url.host;
  const proto = firstValue(request.headers.get("x-forwarded-proto"));
  const scheme = proto === "http" || proto === "https" ? proto : url.protocol.slice(0, -1);
  try {
    // Parsing rejects hosts with paths, user-info or spaces smuggled into the header; the parser
    // drops a default port (`:443` on https), so compare without it.
    const parsed = new URL(`${scheme}://${host}`);
    const expected = host.toLowerCase().replace(scheme === "https" ? /:443$/ : /:80$/, "");
    if (parsed.host !== expected || parsed.pathname !== "/" || parsed.search || parsed.hash)
      return url.origin;
    return parsed.origin;
  } catch {
    return url.origin;
  }
}

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}
