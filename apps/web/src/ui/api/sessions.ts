import type { SessionInfo } from "@gatehouse/core";
import { array, boolean, parseOk, record, string, stringOrNull } from "./narrow.ts";
import { getJson, postAction, type RequestOptions } from "./request.ts";

// Declared once, by the endpoint that answers it; a type import, which the bundle leaves out.
export type { SessionInfo };

/**
 * A session's fields but `current`: all the admin API tells of another user's sessions (none of them
 * is the administrator's), and what `GET sessions` adds `current` to.
 */
export function parseSessionFields(value: unknown): Omit<SessionInfo, "current"> {
  const session = record(value, "session");
  return {
    id: string(session.id, "session.id"),
    createdAt: string(session.createdAt, "session.createdAt"),
    lastActiveAt: string(session.lastActiveAt, "session.lastActiveAt"),
    expires: string(session.expires, "session.expires"),
    ip: stringOrNull(session.ip, "session.ip"),
    userAgent: stringOrNull(session.userAgent, "session.userAgent"),
    method: string(session.method, "session.method"),
    // Absent from a server from before it: no second factor known, shown as none.
    secondFactor: stringOrNull(session.secondFactor, "session.secondFactor"),
  };
}

function parseSession(value: unknown): SessionInfo {
  const { current } = record(value, "session");
  return { ...parseSessionFields(value), current: boolean(current, "session.current") };
}

export function parseSessions(body: unknown): SessionInfo[] {
  return array(record(body, "sessions").sessions, "sessions", parseSession);
}

/** The answer of the actions that end sessions: `{ ok, revoked }`, the number ended. */
export function parseRevoked(body: unknown): { revoked: number } {
  parseOk(body);
  const revoked = record(body, "answer").revoked;
  return { revoked: typeof revoked === "number" ? revoked : 0 };
}

/**
 * `GET sessions`: most recently active first.
 * @example const sessions = await fetchSessions()
 */
export function fetchSessions(options?: RequestOptions): Promise<SessionInfo[]> {
  return getJson("/sessions", parseSessions, options);
}

/**
 * `POST session-revoke`: ends one session; `current` when it was this browser's.
 * @example await revokeSession(id)
 */
export function revokeSession(id: string, options?: RequestOptions): Promise<{ current: boolean }> {
  return postAction(
    "/session-revoke",
    { id },
    (body) => {
      parseOk(body);
      return { current: record(body, "answer").current === true };
    },
    options,
  );
}

/**
 * `POST sessions-revoke-others`: ends every session but this browser's.
 * @example const { revoked } = await revokeOtherSessions()
 */
export function revokeOtherSessions(options?: RequestOptions): Promise<{ revoked: number }> {
  return postAction("/sessions-revoke-others", {}, parseRevoked, options);
}

/**
 * `POST signout-everywhere`: ends every session, this browser's too.
 * @example await signOutEverywhere()
 */
export function signOutEverywhere(options?: RequestOptions): Promise<{ revoked: number }> {
  return postAction("/signout-everywhere", {}, parseRevoked, options);
}
