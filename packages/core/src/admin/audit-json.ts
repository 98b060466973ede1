import type { Adapter, StoredAuditEntry } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";

/** An audit entry as the admin API answers it: the ids with the users' current addresses. */
export interface AdminAuditEntry {
  id: string;
  at: string;
  kind: string;
  actorId: string | null;
  /** The actor's address now; null when there is no actor or the user is gone. */
  actorEmail: string | null;
  subjectId: string | null;
  subjectEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  detail: StoredAuditEntry["detail"];
}

/**
 * A page of entries in the answer's form. Each distinct user id of the page is looked up once (at
 * most twice the page's length reads, in parallel); a deleted user's entries keep their ids and
 * read `null` for the address.
 */
export async function adminAuditEntries(
  adapter: Adapter,
  entries: readonly StoredAuditEntry[],
): Promise<AdminAuditEntry[]> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.actorId !== null) ids.add(entry.actorId);
    if (entry.subjectId !== null) ids.add(entry.subjectId);
  }
  const emails = new Map(
    await Promise.all(
      [...ids].map(async (id) => [id, (await callAdapter(adapter, "getUser", id))?.email ?? null] as const),
    ),
  );
  const emailOf = (id: string | null) => (id === null ? null : (emails.get(id) ?? null));
  return entries.map((entry) => ({
    id: entry.id,
    at: entry.at.toISOString(),
    kind: entry.kind,
    actorId: entry.actorId,
    actorEmail: emailOf(entry.actorId),
    subjectId: entry.subjectId,
    subjectEmail: emailOf(entry.subjectId),
    ip: entry.ip,
    userAgent: entry.userAgent,
    detail: entry.detail,
  }));
}
