import type { Services } from "../actions/services.ts";
import type { Adapter, AdapterUser, StoredAuditEntry } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { ConfigError } from "../errors/config-error.ts";
import type { RequestContext } from "../http/request-context.ts";
import { endAllSessions } from "./end-sessions.ts";

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
  // Every outstanding link of theirs (a reset, an email change) dies too.
  await adapter.bumpSecurityGeneration?.(userId);
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

/** Who disables or enables whom inside a request (the admin API), and why. */
export interface DisableInRequest {
  userId: string;
  /** The administrator. */
  actorId: string;
  reason?: string;
}

/**
 * `disableUser` inside a request (the admin API; storage failures are `StorageUnavailable`, a
 * missing `setUserDisabled` is the caller's to check): the sessions end through the request's services,
 * so this instance's caches of live sessions know at once, and the audit entry goes through
 * `recordAudit` — with the administrator's address and browser, the app's `audit` setting and its
 * `audit` event.
 */
export async function disableUserInRequest(
  ctx: RequestContext,
  services: Services,
  input: DisableInRequest,
): Promise<AdapterUser | null> {
  const user = await callAdapter(ctx.config.adapter!, "setUserDisabled", input.userId, new Date(ctx.now));
  if (!user) return null;
  await endAllSessions(ctx, services, input.userId);
  await recordAudit(ctx, { kind: "user-disabled", ...auditFields(input) });
  return user;
}

/** `enableUser` inside a request, its entry through `recordAudit` (see `disableUserInRequest`). */
export async function enableUserInRequest(
  ctx: RequestContext,
  input: DisableInRequest,
): Promise<AdapterUser | null> {
  const user = await callAdapter(ctx.config.adapter!, "setUserDisabled", input.userId, null);
  if (user) await recordAudit(ctx, { kind: "user-enabled", ...auditFields(input) });
  return user;
}

function auditFields(input: { userId: string; actorId?: string | null; reason?: string }): {
  actorId: string | null;
  subjectId: string;
  detail: StoredAuditEntry["detail"];
} {
  return {
    actorId: input.actorId ?? null,
    subjectId: input.userId,
    detail: input.reason === undefined ? {} : { reason: input.reason.slice(0, 500) },
  };
}

/** The audit entry of a disable or enable outside a request, when the adapter keeps a log. */
async function audit(
  adapter: Adapter,
  kind: "user-disabled" | "user-enabled",
  options: DisableUserOptions,
  now: number,
): Promise<void> {
  await adapter.appendAudit?.({
    at: new Date(now),
    kind,
    ...auditFields(options),
    ip: null,
    userAgent: null,
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
