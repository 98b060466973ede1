import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import {
  createPostgresTestSchema,
  postgresUnavailable,
  runAdapterConformance,
} from "@gatehouse/adapter-conformance";
import { sql } from "kysely";
import pg from "pg";
import { migrate } from "../src/migrate.ts";
import { createPostgresAdapter } from "../src/postgres/create-postgres-adapter.ts";
import { isStorageError } from "../src/storage-error.ts";
import { sqlFixture } from "./helpers.ts";

const probe = await createPostgresTestSchema();

if (!probe.ok) {
  postgresUnavailable("@gatehouse/sql on PostgreSQL", probe.reason);
} else {
  const { poolConfig, drop } = probe.value;
  const pool = new pg.Pool(poolConfig);
  after(async () => {
    await pool.end();
    await drop();
  });

  runAdapterConformance({
    name: "@gatehouse/sql on PostgreSQL (pg)",
    extensions: true,
    nullableEmail: true,
    setup: () => sqlFixture(createPostgresAdapter(pool)),
  });

  describe("@gatehouse/sql on PostgreSQL: storage details", () => {
    const adapter = createPostgresAdapter(pool);

    test("timestamps are timestamptz and come back as Dates", async () => {
      await migrate(adapter.db);
      const { rows } = await sql<{ type: string }>`
        select data_type as type from information_schema.columns
        where table_schema = current_schema() and table_name = 'gh_sessions' and column_name = 'expires'`.execute(
        adapter.db.kysely,
      );
      assert.deepEqual(rows, [{ type: "timestamp with time zone" }]);
      const user = await adapter.createUser({
        email: `tz-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      const expires = new Date(Date.UTC(2031, 2, 4, 5, 6, 7, 89));
      await adapter.createSession({ sessionToken: crypto.randomUUID(), userId: user.id, expires });
      const [session] = await adapter.db.kysely
        .selectFrom("gh_sessions")
        .select("expires")
        .where("user_id", "=", user.id)
        .execute();
      assert.ok(session?.expires instanceof Date);
      assert.equal(session.expires.getTime(), expires.getTime());
    });

    test("getSessionAndUser's query can reach the session through its primary key", async () => {
      // A tiny test table may rightly be scanned; with scans priced out, the plan shows the index exists
      // and matches the query, which is what keeps it one cheap lookup on a big table.
      const plan = await adapter.db.kysely.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          const rows = await connection
            .selectFrom("gh_sessions as s")
            .innerJoin("gh_users as u", "u.id", "s.user_id")
            .select(["s.expires", "u.id"])
            .where("s.session_token_hash", "=", "x")
            .explain();
          return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
      assert.match(plan, /Index Scan using gh_sessions_pkey/);
    });

    test("a duplicate email is EmailTaken, and the message carries no SQL, values or detail", async () => {
      const email = `secret-${crypto.randomUUID()}@example.test`;
      await adapter.createUser({ email, emailVerified: null });
      await assert.rejects(
        async () => adapter.createUser({ email, emailVerified: null }),
        (error) => {
          assert.ok(isStorageError(error, "EmailTaken"), String(error));
          assert.equal(error.driverCode, "23505");
          assert.equal(error.constraint, "gh_users_email_key");
          assert.doesNotMatch(error.message, /secret-|insert|gh_users|Key \(/i);
          assert.equal(error.cause, undefined, "the driver error, with its detail, is not kept");
          return true;
        },
      );
    });

    test("updateUser of an unknown id fails with NotFound", async () => {
      await assert.rejects(
        async () => adapter.updateUser({ id: crypto.randomUUID(), name: "x" }),
        (error) => isStorageError(error, "NotFound"),
      );
    });
  });
}

test("PostgreSQL that is down fails with StorageUnavailable, not a driver error", async () => {
  // Port 1 on loopback: nothing listens, the connection is refused at once.
  const adapter = createPostgresAdapter("postgres://postgres@127.0.0.1:1/test");
  await assert.rejects(
    async () => adapter.getUser("x"),
    (error) => {
      assert.ok(isStorageError(error, "StorageUnavailable"), String(error));
      assert.equal(error.driverCode, "ECONNREFUSED");
      return true;
    },
  );
  // The password-account, passkey, two-factor, disabled-user, session-record and audit methods and
  // the rate-limit store go through the same mapping.
  for (const call of [
    () => adapter.createUserWithPassword({ email: "down@example.test", emailVerified: null }, "$h"),
    () => adapter.setPasswordHash("x", "$h"),
    () => adapter.getSessionsValidAfter("x"),
    () => adapter.rateLimits.hit("k", { windowMs: 1000, now: 0 }),
    () => adapter.usePasskey("x", 1, new Date()),
    () =>
      adapter.createUserWithPasskey(
        { id: "x", email: "down@example.test", emailVerified: null },
        {
          id: "cred",
          userId: "x",
          publicKey: "pk",
          counter: 0,
          transports: [],
          deviceType: "singleDevice",
          backedUp: false,
          name: "Key",
          createdAt: new Date(),
          lastUsedAt: null,
        },
      ),
    () => adapter.setUserDisabled("x", new Date()),
    () => adapter.startTwoFactor("x", "gh.enc.sealed"),
    () => adapter.replaceBackupCodes("x", ["c"]),
    () => adapter.useBackupCode("x", "c"),
    () => adapter.listSessionRecordIds("x", new Date()),
    () => adapter.deleteSessionRecords("x", null),
    () =>
      adapter.appendAudit({
        at: new Date(),
        kind: "sign-in",
        actorId: null,
        subjectId: null,
        ip: null,
        userAgent: null,
        detail: {},
      }),
    () => adapter.queryAudit({ userId: "x", limit: 10 }),
  ]) {
    await assert.rejects(call, (error) => isStorageError(error, "StorageUnavailable"));
  }
  await adapter.close();
});
