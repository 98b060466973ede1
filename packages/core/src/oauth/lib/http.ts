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
 * The largest provider response body read: discovery, key sets, tokens and userinfo are a few KiB, so
 * 1 MiB leaves room for any real one while a provider that streams gigabytes cannot exhaust memory.
 */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

/** The error a provider response over `MAX_RESPONSE_BYTES` ends in. */
export class ResponseTooLargeError extends Error {
  constructor(limit: number) {
    super(`provider response body is larger than ${limit} bytes`);
    this.name = "ResponseTooLargeError";
  }
}

/**
 * `fetch` whose response bodies are read up to `maxBytes` and no further: a larger body (announced by
 * `Content-Length` or found while streaming) rejects with `ResponseTooLargeError` and the rest is never
 * read. The body handed on is the bytes read, so oauth4webapi and jose parse it as before.
 */
export function sizeLimitedFetch(fetchImpl: typeof fetch, maxBytes = MAX_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    if (response.body === null) return response;
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (declared > maxBytes) {
      await response.body.cancel().catch(() => {});
      throw new ResponseTooLargeError(maxBytes);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => {});
        throw new ResponseTooLargeError(maxBytes);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const { status, statusText, headers } = response;
    return new Response(body, { status, statusText, headers });
  };
}

/**
 * oauth4webapi request options: every request goes through `runtime.fetch` with its body size capped
 * (`sizeLimitedFetch`), times out after `runtime.timeoutMs`, and follows no redirect (a 3xx then fails
 * the response check).
 */
export function requestOptions(runtime: OAuthRuntime, url: string) {
  const limited = sizeLimitedFetch(runtime.fetch);
  return {
    [oauth.customFetch]: (target: string, options: FetchOptions) => {
      // A Uint8Array may sit on a SharedArrayBuffer, which fetch refuses; only its copy is a BodyInit.
      const body = options.body instanceof Uint8Array ? new Uint8Array(options.body) : options.body;
      return limited(target, { ...options, body, redirect: "manual" });
    },
    signal: () => AbortSignal.timeout(runtime.timeoutMs),
    // oauth4webapi refuses plain http. It is allowed only for loopback hosts (the local dev provider and
    // tests), where no network attacker sits between us and the server; remote issuers stay https-only.
    [oauth.allowInsecureRequests]: isLoopbackHttp(url),
  };
}
