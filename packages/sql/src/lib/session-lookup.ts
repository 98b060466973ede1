import type { AdapterSession, AdapterUser } from "@gatehouse/core/adapter";
import type { DateColumn } from "../database.ts";
import { toSession, toUser } from "./rows.ts";

/**
 * The query every signed-in request runs, written once for both dialects: the session by the
 * primary key of its token hash, joined to its user by primary key. It bypasses the query builder:
 * this statement is prepared once per connection and only its parameter changes, so building and
 * compiling it per request would be the largest cost of a session lookup. The columns' order is
 * `SessionAndUserTuple`'s: the prepared lookups read the row as an array (see `fromTuple`).
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

/** `SESSION_AND_USER_SQL`'s row as an array, in its column order. */
export type SessionAndUserTuple = [
  sessionTokenHash: string,
  userId: string,
  expires: DateColumn,
  id: string,
  name: string | null,
  email: string | null,
  emailVerified: DateColumn | null,
  image: string | null,
  disabledAt: DateColumn | null,
  role: string | null,
  createdAt: DateColumn,
  securityGeneration: number | string,
];

export function toSessionAndUser(
  row: SessionAndUserRow | undefined,
): { session: AdapterSession; user: AdapterUser } | null {
  return row === undefined ? null : { session: toSession(row), user: toUser(row) };
}

/**
 * The same result from the row read as an array. A driver builds an array without a property per
 * column name: on node:sqlite that is a quarter of the lookup's cost (6.0 µs against 8.1 for this
 * row on a WAL file, bench/RESULTS.md), on the path every signed-in request takes.
 */
export function fromTuple(
  row: SessionAndUserTuple | undefined,
): { session: AdapterSession; user: AdapterUser } | null {
  if (row === undefined) return null;
  const [
    session_token_hash,
    user_id,
    expires,
    id,
    name,
    email,
    email_verified,
    image,
    disabled_at,
    role,
    created_at,
    security_generation,
  ] = row;
  return {
    session: toSession({ session_token_hash, user_id, expires }),
    // The user's columns are mapped in one place (`toUser`), for every read of a user.
    user: toUser({
      id,
      name,
      email,
      email_verified,
      image,
      disabled_at,
      role,
      created_at,
      security_generation,
    }),
  };
}
