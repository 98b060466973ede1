import type { AuthError } from "../errors/auth-error.ts";
import { errorCatalogue } from "../errors/catalogue.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import type { Outcome } from "./outcome.ts";
import type { RequestContext } from "./request-context.ts";

/** Auth answers carry sessions and tokens: no shared or browser cache may keep them. */
const NO_STORE: Record<string, string> = {
  "Cache-Control": "private, no-cache, no-store",
  Pragma: "no-cache",
  Expires: "0",
};

const JSON_NO_STORE: Record<string, string> = { ...NO_STORE, "Content-Type": "application/json" };

/** Turns an action's outcome into a Response, with the cookies the request collected. */
export function respond(ctx: RequestContext, outcome: Outcome): Response {
  // The hot path (GET session with nothing to set) answers with a plain header record: no
  // `Headers` object to build and copy, which Node's bridges then write out directly.
  if (outcome.type === "json" && ctx.out.size === 0 && outcome.headers === undefined) {
    return new Response(JSON.stringify(outcome.body), {
      status: outcome.status ?? 200,
      headers: JSON_NO_STORE,
    });
  }
  const headers = new Headers(NO_STORE);
  ctx.out.applyTo(headers);
  switch (outcome.type) {
    case "redirect":
      if (ctx.jsonMode) return jsonResponse({ url: outcome.url }, outcome.status ?? 200, headers);
      headers.set("Location", outcome.url);
      return new Response(null, { status: 302, headers });
    case "json":
      for (const [key, value] of Object.entries(outcome.headers ?? {})) headers.set(key, value);
      return jsonResponse(outcome.body, outcome.status ?? 200, headers);
    case "page":
      for (const [key, value] of Object.entries(outcome.page.headers)) headers.set(key, value);
      return new Response(outcome.page.body, { status: outcome.page.status, headers });
  }
}

/** A request-level error as JSON: `{error, message}` with the catalogue status. */
export function requestErrorResponse(error: AuthError, headers = new Headers(NO_STORE)): Response {
  if (error instanceof MethodNotAllowed) headers.set("Allow", error.allow);
  const entry = errorCatalogue[error.code];
  return jsonResponse({ error: error.code, message: entry.message }, entry.status, headers);
}

function jsonResponse(body: unknown, status: number, headers: Headers): Response {
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}
