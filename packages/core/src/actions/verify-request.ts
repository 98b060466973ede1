import { type Outcome, redirect } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";

/** `GET verify-request`: the "check your email" page, or a redirect to the custom one. */
export function verifyRequestAction(ctx: RequestContext): Outcome {
  const custom = ctx.config.pages.verifyRequest;
  if (custom) {
    const url = new URL(custom, `${ctx.origin}/`);
    for (const [key, value] of ctx.url.searchParams) url.searchParams.set(key, value);
    return redirect(url.href);
  }
  const type = ctx.url.searchParams.get("type");
  const kind = type === "signup" || type === "reset-password" ? type : "signin";
  const resetMaxAge = ctx.config.password?.resetMaxAge;
  const model = { page: "verify-request", kind, ...(resetMaxAge ? { resetMaxAge } : {}) } as const;
  return { type: "page", page: renderPage(model, pageContext(ctx)) };
}
