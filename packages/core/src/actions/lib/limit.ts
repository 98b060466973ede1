import type { LimitedAction } from "../../config/options.ts";
import { errorCatalogue } from "../../errors/catalogue.ts";
import { clientOf } from "../../http/client-address.ts";
import { json, type Outcome } from "../../http/outcome.ts";
import { pageContext } from "../../http/page-urls.ts";
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
  const page = renderPage(
    { page: "error", code: "RateLimited", retryAfterSeconds: refusal.retryAfterSeconds },
    pageContext(ctx),
  );
  return { type: "page", page: { ...page, headers: { ...page.headers, "retry-after": retryAfter } } };
}
