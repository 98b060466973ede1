import type { Outcome } from "../../http/outcome.ts";
import type { RequestContext } from "../../http/request-context.ts";
import { renderFormPostRelayPage } from "../../pages/form-post-relay-page.ts";

/** Marks the relayed POST, so a request that still has no check cookies is not relayed again. */
export const RELAY_FIELD = "gatehouse_relayed";

/**
 * `response_mode=form_post`: the provider's page POSTs the callback cross-site, and browsers do not
 * send `SameSite=Lax` cookies with a cross-site POST — so the check cookies (state, PKCE, nonce) are
 * missing. Rather than weakening them to `SameSite=None`, a POST callback without any check cookie is
 * answered with a page on our origin that posts the same fields to the same URL: that POST is
 * same-site, so the cookies come along. Returns null when the request should be processed as is.
 */
export function relayFormPost(ctx: RequestContext, providerId: string): Outcome | null {
  if (ctx.request.method !== "POST") return null;
  if (ctx.body[RELAY_FIELD] !== undefined) return null;
  const { state, pkceCodeVerifier, nonce } = ctx.names;
  if ([state, pkceCodeVerifier, nonce].some((name) => ctx.cookies.has(name))) return null;
  const fields: [string, string][] = Object.entries(ctx.body);
  fields.push([RELAY_FIELD, "1"]);
  const action = `${ctx.baseUrl}/callback/${providerId}`;
  return {
    type: "page",
    page: renderFormPostRelayPage({ action, fields, theme: ctx.config.theme, i18n: ctx.i18n }),
  };
}

/** The callback's parameters: the query of a GET, the form body (without the relay marker) of a POST. */
export function callbackParams(ctx: RequestContext): URLSearchParams {
  if (ctx.request.method !== "POST") return ctx.url.searchParams;
  const params = new URLSearchParams(ctx.body);
  params.delete(RELAY_FIELD);
  return params;
}
