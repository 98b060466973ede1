import type { AdapterSession, AdapterUser } from "@gatehouse/core/adapter";
import type { DateColumn } from "../database.ts";
import { toSession, toUser } from "./rows.ts";

/**
 * The query every signed-in request runs, written once for both dialects: the session by the
 * primary key of its token hash, joined to its user by primary key. It bypasses the query builder:
 * this statement is prepared once per connection and only its parameter changes, so building and
 * compiling it per request would be the largest cost of a session lookup.
 */
export const SESSION_AND_USER_SQL = `SELECT s.session_token_hash, s.user_id, s.expires,
  u.id, u.name, u.email, u.email_verified, u.image, u.disabled_at, u.role, u.created_at,
  u.security_generation
FROM gh_sessions AS s INNER JOIN gh_users AS u ON u.id = s.user_id
WHERE s.session_token_hash = `;

export interface SessionAndUserRow {
  session_token_hash: string;
  user_id: string;
  expires: DateColumn;
  id: string;
  name: string | null;
  email: string | null;
  email_verified: DateColumn | null;
  image: string | null;
  disabled_at: DateColumn | null;
  role: string | null;
  created_at: DateColumn;
  security_generation: number | string;
}

export function toSessionAndUser(
  row: SessionAndUserRow | undefined,
): { session: AdapterSession; user: AdapterUser } | null {
  return row === undefined ? null : { session: toSession(row), user: toUser(row) };
}
