import { errorOf } from "./error-of.ts";
import { isRecord } from "./is-record.ts";
import type { Reply } from "./transport.ts";

/** A function's expected failure: these clients never throw for one. */
export interface Failure<Code extends string> {
  ok: false;
  /** HTTP status of the answer, 0 when none arrived. */
  status: number;
  error: Code;
  /** The server's message for people, when it sent one. */
  message?: string;
  /** Seconds to wait before trying again (`RateLimited`). */
  retryAfter?: number;
}

/**
 * The failure an answer stands for, its code narrowed to `codes` (own keys only): `NetworkError` when
 * no answer arrived, `Default` for a code not listed or an answer this client does not understand.
 */
export function failureOf<Code extends string>(
  { status, headers, body }: Reply,
  codes: Record<string, 1>,
): Failure<Code | "NetworkError" | "Default"> {
  if (status === 0) return { ok: false, status, error: "NetworkError" };
  const fields = isRecord(body) ? body : {};
  // JSON endpoints name the code; form endpoints put it in the URL's `?error=`. Without one: a JSON
  // endpoint refuses a failed CSRF check with a bare 403 `{}` (docs/protocol.md §3), and a 429 is a
  // rate limit also when a proxy sent it.
  const fallback =
    status === 429
      ? "RateLimited"
      : status === 403 && isRecord(body) && Object.keys(body).length === 0 && "MissingCSRF";
  const code = fields.error || (typeof fields.url === "string" && errorOf(fields.url)) || fallback;
  const error = typeof code === "string" && Object.hasOwn(codes, code) ? (code as Code) : "Default";
  const result: Failure<Code | "NetworkError" | "Default"> = { ok: false, status, error };
  if (typeof fields.message === "string") result.message = fields.message;
  const retryAfter = String(fields.retryAfter ?? headers.get("retry-after"));
  if (/^\d+$/.test(retryAfter)) result.retryAfter = Number(retryAfter);
  return result;
}

/** The URL of a 2xx answer without `?error=` (fail closed: Auth.js answers some failures with 200), or null. */
export function okUrl(reply: Reply): string | null {
  const url = isRecord(reply.body) && typeof reply.body.url === "string" ? reply.body.url : null;
  return reply.ok && url && !errorOf(url) ? url : null;
}

/** Whether a JSON endpoint answered a 2xx `{ "ok": true }`. */
export function okTrue(reply: Reply): boolean {
  return reply.ok && isRecord(reply.body) && reply.body.ok === true;
}
