import type { LimitedAction } from "../../config/options.ts";
import { errorCatalogue } from "../../errors/catalogue.ts";
import { clientOf } from "../../http/client-address.ts";
import { json, type Outcome } from "../../http/outcome.ts";
import { errorPageUrl, pageContext } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { RateLimited } from "../../limits/rate-limiter.ts";
import { renderPage } from "../../pages/render-page.ts";
import type { Services } from "../services.ts";

/**
 * Counts the request against an endpoint's rate limits (client network, and `identifier` when
 * given). Null: go on. Otherwise the 429 answer, with `Retry-After`.
 */
export async function limit(
  ctx: RequestContext,
  { limits }: Services,
  action: LimitedAction,
  identifier?: string | null,
): Promise<Outcome | null> {
  if (!limits) return null;
  const result = await limits.check(action, clientOf(ctx), identifier);
  return "error" in result ? tooManyAttempts(ctx, result) : null;
}

/**
 * The answer to a refused request: 429 with `Retry-After` — JSON `{error, message, retryAfter}` to
 * clients that asked for JSON, else the error page that says when to try again.
 */
export function tooManyAttempts(ctx: RequestContext, refusal: RateLimited, asJson = ctx.jsonMode): Outcome {
  ctx.config.logger.warn("RateLimited", { cause: refusal.cause, retryAfter: refusal.retryAfterSeconds });
  const retryAfter = String(refusal.retryAfterSeconds);
  if (asJson) {
    const { message } = errorCatalogue.RateLimited;
    return json({ error: "RateLimited", message, retryAfter: refusal.retryAfterSeconds }, 429, {
      "retry-after": retryAfter,
    });
  }
  const scope = pausedScope(refusal);
  const page = renderPage(
    { page: "error", code: "RateLimited", retryAfterSeconds: refusal.retryAfterSeconds, scope },
    pageContext(ctx),
  );
  // A refused form POST goes to the same page by GET (its end time and scope in the URL), so a
  // reload does not post the form again — and count again.
  const afterPost = new URL(errorPageUrl(ctx, "RateLimited"));
  afterPost.searchParams.set("until", String(Math.ceil(ctx.now / 1000) + refusal.retryAfterSeconds));
  afterPost.searchParams.set("scope", scope);
  return {
    type: "page",
    page: { ...page, headers: { ...page.headers, "retry-after": retryAfter } },
    afterPost: afterPost.href,
  };
}

/**
 * What the refusal paused: the client's network (a per-IP rule) or the account or address (a
 * per-identifier rule, the lockout). Saying which tells a person whether another network or another
 * address would help; it tells an attacker nothing the limits do not count for unknown addresses too.
 */
function pausedScope(refusal: RateLimited): "account" | "network" {
  return typeof refusal.cause === "string" && refusal.cause.endsWith(" per ip") ? "network" : "account";
}
