import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";

/** `GET csrf`: the token for forms; the cookie is minted when missing or invalid. */
export async function csrfAction(ctx: RequestContext): Promise<Outcome> {
  return json({ csrfToken: await ctx.csrfToken() });
}
