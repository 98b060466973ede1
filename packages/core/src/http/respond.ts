import type { AuthError } from "../errors/auth-error.ts";
import { errorCatalogue, isCoreErrorCode, toErrorCode } from "../errors/catalogue.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Answer } from "./answer.ts";
import type { Outcome } from "./outcome.ts";
import { refusalUrl } from "./page-urls.ts";
import type { RequestContext } from "./request-context.ts";

/** Auth answers carry sessions and tokens: no shared or browser cache may keep them. */
const NO_STORE: Readonly<Record<string, string>> = Object.freeze({
  "cache-control": "private, no-cache, no-store",
  pragma: "no-cache",
  expires: "0",
});

const JSON_NO_STORE = Object.freeze({ ...NO_STORE, "content-type": "application/json" });

const NO_COOKIES: readonly string[] = Object.freeze([]);

/**
 * Turns an action's outcome into an answer, with the cookies the request collected. `answer` is the
 * endpoint's column of the action table: a `page` endpoint answers a client in JSON mode with `{url}`
 * in place of each redirect, and so every JSON answer it gives such a client carries a `url`
 * (`withRefusalUrl`), refusals included.
 */
export function respond(ctx: RequestContext, outcome: Outcome, answer: "json" | "page" = "json"): Answer {
  // The hot path (GET session with nothing to set) shares one frozen header record: nothing to
  // build or copy, and Node's bridges write a plain record out directly.
  if (outcome.type === "json" && ctx.out.size === 0 && outcome.headers === undefined && answer === "json") {
    const body = JSON.stringify(outcome.body);
    return { status: outcome.status ?? 200, headers: JSON_NO_STORE, cookies: NO_COOKIES, body };
  }
  const headers: Record<string, string> = { ...NO_STORE };
  const cookies = ctx.out.size === 0 ? NO_COOKIES : ctx.out.values();
  switch (outcome.type) {
    case "redirect":
      if (ctx.jsonMode) return jsonAnswer({ url: outcome.url }, outcome.status ?? 200, headers, cookies);
      headers.location = outcome.url;
      return { status: 302, headers, cookies, body: null };
    case "json": {
      setAll(headers, outcome.headers);
      const body = answer === "page" && ctx.jsonMode ? withRefusalUrl(ctx, outcome.body) : outcome.body;
      return jsonAnswer(body, outcome.status ?? 200, headers, cookies);
    }
    case "page":
      if (outcome.afterPost && answer === "page" && ctx.request.method === "POST") {
        headers.location = outcome.afterPost;
        // A client that does not follow the redirect still learns when to try again.
        const retryAfter = outcome.page.headers["retry-after"];
        if (retryAfter !== undefined) headers["retry-after"] = retryAfter;
        return { status: 303, headers, cookies, body: null };
      }
      setAll(headers, outcome.page.headers);
      return { status: outcome.page.status, headers, cookies, body: outcome.page.body };
  }
}

/**
 * A request-level error as JSON: `{error, message}` with the catalogue status, and no cookies. `url`
 * (a `page` endpoint's answer to a client in JSON mode, see `refusalUrl`) is added when given.
 */
export function requestErrorAnswer(
  error: AuthError,
  url?: string,
  /** A module's code's entry (the instance's catalogue); core's codes are read from `errorCatalogue`. */
  moduleEntry?: { status: number; message: string },
): Answer {
  const headers: Record<string, string> = { ...NO_STORE };
  if (error instanceof MethodNotAllowed) headers.allow = error.allow;
  const entry = isCoreErrorCode(error.code)
    ? errorCatalogue[error.code]
    : (moduleEntry ?? errorCatalogue.Configuration);
  const body = { error: error.code, message: entry.message, ...(url === undefined ? {} : { url }) };
  return jsonAnswer(body, entry.status, headers, NO_COOKIES);
}

/**
 * A refusal `{error: <code>, …}` without a `url` gets the one the code's page has (`refusalUrl`); the
 * other fields and the status stay. Clients of redirecting endpoints in JSON mode read `url` from
 * every answer: next-auth v4's `signIn` runs `new URL(data.url)` and throws a TypeError in the app
 * without one (a 429 of the rate limit or the lockout was such an answer).
 */
export function withRefusalUrl(ctx: RequestContext, body: unknown): unknown {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return body;
  const fields = body as Record<string, unknown>;
  if (typeof fields.url === "string") return body;
  const code = toErrorCode(fields.error);
  return code === null ? body : { ...fields, url: refusalUrl(ctx, code) };
}

function jsonAnswer(
  body: unknown,
  status: number,
  headers: Record<string, string>,
  cookies: readonly string[],
): Answer {
  headers["content-type"] = "application/json";
  return { status, headers, cookies, body: JSON.stringify(body) };
}

/** Header names are matched in any case, as `Headers#set` matches them; the answer keeps lower case. */
function setAll(headers: Record<string, string>, from: Readonly<Record<string, string>> | undefined): void {
  for (const [name, value] of Object.entries(from ?? {})) headers[name.toLowerCase()] = value;
}
