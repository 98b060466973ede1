import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { ConfigError } from "../errors/config-error.ts";

/** What `disableUser` and `enableUser` need: storage with the user's disabled mark. */
export interface DisableUserOptions {
  adapter: Adapter;
  userId: string;
  /** Epoch ms; default `Date.now()`. */
  now?: number;
  /** Who did it, for the audit log: an administrator's user id, or null (the CLI, a script). */
  actorId?: string | null;
  /** Why, for the audit log (a short note, never a secret). */
  reason?: string;
}

/**
 * Disables a user: sign-in is refused from now on (`AccountDisabled`, after the credential passed,
 * so the answer tells nothing to someone without it), and every session ends at once — stored ones
 * deleted, jwt ones void through the user's "valid after" time (every instance within its 1 s
 * cache). Storage errors reach the caller as thrown. Resolves to the user as now stored, or null when no user has the id.
 *
 * @example
 * const user = await disableUser({ adapter, userId });
 * if (!user) console.error("no such user");
 */
export async function disableUser(options: DisableUserOptions): Promise<AdapterUser | null> {
  const { adapter, userId } = options;
  const now = options.now ?? Date.now();
  const user = await setDisabled(adapter, userId, new Date(now));
  if (!user) return null;
  await adapter.deleteSessionRecords?.(userId, null);
  await adapter.deleteSessionsByUserId?.(userId);
  await adapter.setSessionsValidAfter?.(userId, new Date(now));
  await audit(adapter, "user-disabled", options, now);
  return user;
}

/**
 * Enables a disabled user again: they can sign in; the sessions that ended when they were disabled
 * stay ended. Resolves to the user, or null when no user has the id.
 */
export async function enableUser(options: DisableUserOptions): Promise<AdapterUser | null> {
  const user = await setDisabled(options.adapter, options.userId, null);
  if (user) await audit(options.adapter, "user-enabled", options, options.now ?? Date.now());
  return user;
}

/** The audit entry of a disable or enable, when the adapter keeps a log. */
async function audit(
  adapter: Adapter,
  kind: "user-disabled" | "user-enabled",
  options: DisableUserOptions,
  now: number,
): Promise<void> {
  await adapter.appendAudit?.({
    at: new Date(now),
    kind,
    actorId: options.actorId ?? null,
    subjectId: options.userId,
    ip: null,
    userAgent: null,
    detail: options.reason === undefined ? {} : { reason: options.reason.slice(0, 500) },
  });
}

function setDisabled(adapter: Adapter, userId: string, at: Date | null): Promise<AdapterUser | null> {
  if (typeof adapter.setUserDisabled !== "function") {
    throw new ConfigError(
      "Gatehouse: disabling users needs an adapter with setUserDisabled (the SQL adapter, or the memory adapter).",
    );
  }
  return adapter.setUserDisabled(userId, at);
}
