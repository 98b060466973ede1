import type { StoredSessionRecord } from "../adapter/adapter.ts";

/**
 * A session as `GET sessions` answers it: never a token or its hash.
 *
 * @example
 * const { sessions } = (await response.json()) as { sessions: SessionInfo[] };
 */
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
  /**
   * The second factor the sign-in passed: `totp`, `backup`, or `passkey` (a passkey that verified
   * the user: both factors in one); null when it took none, or storage does not say.
   */
  secondFactor: string | null;
}

/** What `GET sessions` shows of a stored record; `currentId` is this request's session's record. */
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
    // Absent from a record an older adapter returns: nothing known, said as none.
    secondFactor: record.secondFactor ?? null,
  };
}
