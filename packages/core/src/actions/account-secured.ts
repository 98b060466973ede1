import type { Outcome } from "../http/outcome.ts";
import { pageContext } from "../http/page-urls.ts";
import type { RequestContext } from "../http/request-context.ts";
import { renderPage } from "../pages/render-page.ts";

/**
 * `GET account-secured?callbackUrl`: the notice an email link or a provider sign-in lands on when it
 * claimed an account someone else had created with the address (accounts/claim-unverified-user.ts),
 * with a link on to the callback URL. It reads and writes nothing and names nobody: opened by
 * anyone, it tells them nothing.
 */
export async function accountSecuredAction(ctx: RequestContext): Promise<Outcome> {
  const continueUrl = await ctx.callbackUrl();
  return { type: "page", page: renderPage({ page: "account-secured", continueUrl }, pageContext(ctx)) };
}
