import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { ConfigError } from "../errors/config-error.ts";

/** What `disableUser` and `enableUser` need: storage with the user's disabled mark. */
export interface DisableUserOptions {
  adapter: Adapter;
  userId: string;
  /** Epoch ms; default `Date.now()`. */
  now?: number;
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
  await adapter.deleteSessionsByUserId?.(userId);
  await adapter.setSessionsValidAfter?.(userId, new Date(now));
  return user;
}

/**
 * Enables a disabled user again: they can sign in; the sessions that ended when they were disabled
 * stay ended. Resolves to the user, or null when no user has the id.
 */
export async function enableUser(options: Omit<DisableUserOptions, "now">): Promise<AdapterUser | null> {
  return setDisabled(options.adapter, options.userId, null);
}

function setDisabled(adapter: Adapter, userId: string, at: Date | null): Promise<AdapterUser | null> {
  if (typeof adapter.setUserDisabled !== "function") {
    throw new ConfigError(
      "Gatehouse: disabling users needs an adapter with setUserDisabled (the SQL adapter, or the memory adapter).",
    );
  }
  return adapter.setUserDisabled(userId, at);
}
