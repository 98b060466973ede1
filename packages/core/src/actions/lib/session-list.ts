import type { StoredSessionRecord } from "../../adapter/adapter.ts";
import { AuthError } from "../../errors/auth-error.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { SessionRecords } from "../../session/session-records.ts";
import type { Services } from "../services.ts";

/**
 * The start of every session-management endpoint: storage that keeps session records (else 404
 * `SessionsUnavailable`), and a session (else `SessionRequired`): the user and this session's record.
 */
export async function signedInWithRecords(
  ctx: RequestContext,
  services: Services,
): Promise<{ records: SessionRecords; userId: string; currentId: string | null }> {
  const { records } = services;
  if (!records) throw new AuthError("SessionsUnavailable");
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  return { records, userId: current.userId, currentId: current.recordId };
}

/** A session as `GET sessions` answers it: never a token or its hash. */
export interface SessionInfo {
  id: string;
  /** This request's session. */
  current: boolean;
  createdAt: string;
  lastActiveAt: string;
  expires: string;
  ip: string | null;
  userAgent: string | null;
  /** How the person signed in: the provider id. */
  method: string;
}

export function sessionInfo(record: StoredSessionRecord, currentId: string | null): SessionInfo {
  return {
    id: record.id,
    current: record.id === currentId,
    createdAt: record.createdAt.toISOString(),
    lastActiveAt: record.lastActiveAt.toISOString(),
    expires: record.expires.toISOString(),
    ip: record.ip,
    userAgent: record.userAgent,
    method: record.method,
  };
}
