import { ConfigError } from "../errors/config-error.ts";
import type { StoredAuditEntry } from "./adapter.ts";

/**
 * Where an entry stands in the audit log's newest-first order: its time, then its id, which orders
 * the entries of one millisecond. A page's cursor is its last entry's position.
 */
export type AuditPosition = Pick<StoredAuditEntry, "at" | "id">;

/** The largest id a cursor may name: the SQL adapter's id is a bigint. */
const MAX_ID = 2n ** 63n - 1n;

/**
 * The cursor of the page after `last`: `<epoch ms>.<id>`, opaque to callers, who only hand back a
 * `next` they were given. Both built-in adapters write it, so both accept the same cursors.
 *
 * @example
 * return { entries, next: hasMore ? auditCursor(entries.at(-1)) : null };
 */
export function auditCursor(last: AuditPosition): string {
  return `${last.at.getTime()}.${last.id}`;
}

/**
 * The position a cursor names; a string `auditCursor` cannot have written is misuse, a
 * `ConfigError` whose message starts with `storage` (the adapter's name for itself). The time is
 * not checked here: the caller checks it as it checks any date it is given.
 *
 * @example
 * const after = query.cursor == null ? null : readAuditCursor(query.cursor, "Gatehouse storage");
 */
export function readAuditCursor(cursor: string, storage: string): AuditPosition {
  const match = /^(-?\d{1,16})\.(\d{1,19})$/.exec(cursor);
  // Beyond a bigint, PostgreSQL would fail the query (a StorageError): refused here as what it is,
  // and by the memory adapter too, so both refuse the same cursors.
  if (match === null || BigInt(match[2]!) > MAX_ID) {
    throw new ConfigError(`${storage}: queryAudit cursor must be a \`next\` it returned`);
  }
  return { at: new Date(Number(match[1])), id: match[2]! };
}
