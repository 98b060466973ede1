import type { Services } from "../actions/services.ts";
import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import type { RequestContext } from "../http/request-context.ts";
import { isAdmin } from "./is-admin.ts";

/** Storage that serves the admin API: it can list users (the built-in adapters can). */
export type AdminAdapter = Adapter & Required<Pick<Adapter, "searchUsers" | "getUser">>;

/** The administrator a request comes from, as stored now, and this session. */
export interface AdminRequest {
  adapter: AdminAdapter;
  admin: AdapterUser;
  current: { userId: string; recordId: string | null };
}

/**
 * The start of every admin endpoint, in this order: storage that lists users (else 404
 * `UnknownAction`), a session (else 401 `SessionRequired`), and an administrator (else 403
 * `AdminRequired`). It runs before anything about the target is read or checked, so a non-admin gets
 * the same answer for any id and any body. The user is read from storage on every call: a role
 * taken away, or a disabled account, counts at the next request — nothing is cached in the session.
 */
export async function requireAdmin(ctx: RequestContext, services: Services): Promise<AdminRequest> {
  const adapter = ctx.config.adapter;
  if (typeof adapter?.searchUsers !== "function" || typeof adapter.getUser !== "function") {
    throw new AuthError("UnknownAction", { cause: "the admin API needs an adapter with searchUsers" });
  }
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const admin = await callAdapter(adapter, "getUser", current.userId);
  if (!admin) throw new AuthError("SessionRequired");
  if (!isAdmin(admin, ctx.config.admin)) {
    ctx.config.logger.warn("AdminRequired", { userId: admin.id });
    throw new AuthError("AdminRequired");
  }
  return { adapter: adapter as AdminAdapter, admin, current };
}

/**
 * A method the endpoint needs beyond `searchUsers`: its absence is 404 `UnknownAction`, checked
 * after `requireAdmin` so that it tells a non-admin nothing either.
 */
export function requireMethod<M extends keyof Adapter>(
  adapter: Adapter,
  method: M,
): asserts adapter is Adapter & Required<Pick<Adapter, M>> {
  if (typeof adapter[method] !== "function") {
    throw new AuthError("UnknownAction", { cause: `the adapter has no ${String(method)}` });
  }
}
