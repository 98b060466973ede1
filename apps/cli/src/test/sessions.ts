// Test helpers: database sessions to end, and counting what is left of them.
import type { AdapterUser } from "@gatehouse/core";
import type { SqlAdapter } from "@gatehouse/sql";
import { openAdapter } from "./databases.ts";

/** Stores `n` live database sessions (a day left each) for the user. */
export async function addSessions(adapter: SqlAdapter, userId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await adapter.createSession({
      sessionToken: crypto.randomUUID(),
      userId,
      expires: new Date(Date.now() + 86_400_000),
    });
  }
}

/** How many database sessions of the user are stored. */
export async function countSessions(adapter: SqlAdapter, userId: string): Promise<number> {
  const row = await adapter.db.kysely
    .selectFrom("gh_sessions")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Migrated storage at `url` with two users who have database sessions: Ada (ada@example.com, 3 of
 * them) and Grace (grace@example.com, 2), for the commands that end one user's sessions and must
 * leave the other's alone.
 */
export async function twoUsersWithSessions(
  url: string,
): Promise<{ adapter: SqlAdapter; ada: AdapterUser; grace: AdapterUser }> {
  const adapter = await openAdapter(url, { migrated: true });
  const ada = await adapter.createUser({ email: "ada@example.com", name: "Ada", emailVerified: null });
  const grace = await adapter.createUser({ email: "grace@example.com", emailVerified: null });
  await addSessions(adapter, ada.id, 3);
  await addSessions(adapter, grace.id, 2);
  return { adapter, ada, grace };
}
