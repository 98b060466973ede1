import * as oauth from "oauth4webapi";
import type { OAuthRuntime } from "../runtime.ts";

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** `http:` on a loopback host: the dev provider and test servers. Anything else must be `https:`. */
export function isLoopbackHttp(url: string | URL): boolean {
  const parsed = typeof url === "string" ? URL.parse(url) : url;
  return parsed !== null && parsed.protocol === "http:" && LOOPBACK_HOSTS.has(parsed.hostname);
}

/** True for URLs a provider endpoint may have: `https:`, or `http:` on loopback. */
export function isAllowedEndpoint(url: string): boolean {
  const parsed = URL.parse(url);
  return parsed !== null && (parsed.protocol === "https:" || isLoopbackHttp(parsed));
}

interface FetchOptions {
  method: string;
  headers: Record<string, string>;
  body?: oauth.ProtectedResourceRequestBody;
  redirect: "manual";
  signal?: AbortSignal;
  duplex?: "half";
}

/**
 * oauth4webapi request options: every request goes through `runtime.fetch`, times out after
 * `runtime.timeoutMs`, and follows no redirect (a 3xx then fails the response check).
 */
export function requestOptions(runtime: OAuthRuntime, url: string) {
  return {
    [oauth.customFetch]: (target: string, options: FetchOptions) => {
      // A Uint8Array may sit on a SharedArrayBuffer, which fetch refuses; only its copy is a BodyInit.
      const body = options.body instanceof Uint8Array ? new Uint8Array(options.body) : options.body;
      return runtime.fetch(target, { ...options, body, redirect: "manual" });
    },
    signal: () => AbortSignal.timeout(runtime.timeoutMs),
    // oauth4webapi refuses plain http. It is allowed only for loopback hosts (the local dev provider and
    // tests), where no network attacker sits between us and the server; remote issuers stay https-only.
    [oauth.allowInsecureRequests]: isLoopbackHttp(url),
  };
}
