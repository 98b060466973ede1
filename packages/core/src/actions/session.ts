import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { SessionStrategy } from "../session/session-strategy.ts";

/** `GET session`: the session or `{}`; `POST session`: update it (CSRF-checked, 403 `{}` on failure). */
export async function sessionAction(ctx: RequestContext, strategy: SessionStrategy): Promise<Outcome> {
  if (ctx.request.method === "GET") return json((await strategy.read(ctx)) ?? {});
  if (!(await ctx.verifyCsrf())) {
    await ctx.csrfToken();
    return json({}, 403);
  }
  let data: unknown;
  try {
    data = ctx.body.data === undefined ? undefined : JSON.parse(ctx.body.data);
  } catch {
    data = ctx.body.data;
  }
  return json((await strategy.update(ctx, data)) ?? {});
}
