import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import type { AdminRequest } from "./require-admin.ts";

/** The user an admin endpoint acts on, as stored now; 404 `UserNotFound` when no user has the id. */
export async function targetUser(adapter: Adapter, id: string): Promise<AdapterUser> {
  const user = await callAdapter(adapter, "getUser", id);
  if (!user) throw new AuthError("UserNotFound");
  return user;
}

/**
 * 409 `AdminSelfAction` when the target is the administrator: disabling, deleting or demoting
 * oneself here could lock the last administrator out; one's own account has its own console.
 */
export function refuseSelf(request: AdminRequest, id: string): void {
  if (id === request.admin.id) throw new AuthError("AdminSelfAction");
}
