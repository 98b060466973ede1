import type { AdapterUser } from "../../adapter/adapter.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import { AuthError } from "../../errors/auth-error.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { Services } from "../services.ts";

/** The signed-in user as stored, and this session's record id; `SessionRequired` otherwise. */
export async function accountUser(
  ctx: RequestContext,
  services: Services,
): Promise<{ user: AdapterUser; current: { userId: string; recordId: string | null } }> {
  const adapter = ctx.config.adapter;
  if (!adapter) throw new AuthError("UnknownAction", { cause: "the account endpoints need an adapter" });
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const user = await callAdapter(adapter, "getUser", current.userId);
  if (!user) throw new AuthError("SessionRequired");
  return { user, current };
}
