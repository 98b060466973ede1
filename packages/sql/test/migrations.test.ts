import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import {
  createPostgresTestSchema,
  type PostgresTestSchema,
  postgresUnavailable,
} from "@gatehouse/adapter-conformance";
import type { StoredAuditEntry, StoredPasskey, StoredSessionRecord } from "@gatehouse/core/adapter";
import { CompiledQuery, sql } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { SqlDatabase } from "../src/database.ts";
import { auditPageQuery } from "../src/lib/audit.ts";
import { introspectingOnly } from "../src/lib/schema-introspection.ts";
import { liveRecordIdsQuery, liveRecordsQuery } from "../src/lib/session-records.ts";
import { assertSchema, migrate, migrationStatus, readSchemaState } from "../src/migrate.ts";
import { migrationProvider, SCHEMA_VERSION, SHIPPED_MIGRATIONS } from "../src/migrations/index.ts";
import { createPostgresAdapter } from "../src/postgres/create-postgres-adapter.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import { createSqliteAdapter } from "../src/sqlite/create-sqlite-adapter.ts";
import { isStorageError } from "../src/storage-error.ts";
import { tempDir } from "./helpers.ts";

const cli = new URL("../src/cli/migrate.ts", import.meta.url).pathname;
const ALL = [
  "001-initial",
  "002-client-registrations",
  "003-password-accounts",
  "004-passkeys-two-factor",
  "005-disabled-users",
  "006-session-records-audit",
  "007-roles-user-list",
  "008-security-generation",
  "009-session-second-factor",
];
const dir = tempDir();
after(() => dir.remove());

function runCli(args: string[], env: Record<string, string | undefined> = {}) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: undefined, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function rejectsWith(run: () => Promise<unknown>, message: string | RegExp): Promise<void> {
  await assert.rejects(run, (error) => {
    assert.ok(isStorageError(error, "SchemaMismatch"), String(error));
    if (typeof message === "string") assert.ok(error.message.includes(message), error.message);
    else assert.match(error.message, message);
    return true;
  });
}

/** The schema-lifecycle cases, for one dialect; `fresh` opens an empty database. */
function schemaCases(fresh: () => Promise<SqlAdapter>): void {
  const setVersion = (db: SqlDatabase, version: number) =>
    db.kysely.updateTable("gh_schema").set({ version }).execute();

  test("migrate applies every migration once; a second run is a no-op that keeps the data", async () => {
    const adapter = await fresh();
    assert.equal(SCHEMA_VERSION, 9);
    assert.deepEqual(
      SHIPPED_MIGRATIONS.map(({ name }) => name),
      ALL,
    );
    assert.deepEqual(await migrate(adapter.db), { applied: ALL, version: SCHEMA_VERSION });
    const user = await adapter.createUser({ email: "kept@example.test", emailVerified: null });
    assert.deepEqual(await migrate(adapter.db), { applied: [], version: SCHEMA_VERSION });
    assert.equal((await adapter.getUser(user.id))?.email, "kept@example.test");
    await assertSchema(adapter.db);
    await adapter.close();
  });

  test("assertSchema refuses a database with no schema: run the migration", async () => {
    const adapter = await fresh();
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "missing" });
    await rejectsWith(() => assertSchema(adapter.db), "run `npm run migrate`");
    await adapter.close();
  });

  test("assertSchema and migrate refuse Gatehouse tables without a version", async () => {
    const adapter = await fresh();
    await adapter.db.kysely.schema.createTable("gh_users").addColumn("id", "text").execute();
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "unknown" });
    await rejectsWith(() => assertSchema(adapter.db), "Gatehouse tables but no schema version");
    await rejectsWith(() => migrate(adapter.db), "Gatehouse tables but no schema version");
    await adapter.close();
  });

  test("Kysely's bookkeeping tables with no migration recorded are no schema: what a second instance read mid-migration as 'tables but no schema version'", async () => {
    // Kysely commits them before its migration transaction, so they show, empty, while the first
    // migration runs (and stay if it is killed there): "missing", and migrate applies everything.
    const adapter = await fresh();
    const { schema } = adapter.db.kysely;
    await schema
      .createTable("gh_migration")
      .addColumn("name", "varchar(255)", (col) => col.notNull().primaryKey())
      .addColumn("timestamp", "varchar(255)", (col) => col.notNull())
      .execute();
    await schema
      .createTable("gh_migration_lock")
      .addColumn("id", "varchar(255)", (col) => col.notNull().primaryKey())
      .addColumn("is_locked", "integer", (col) => col.notNull().defaultTo(0))
      .execute();
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "missing" });
    await rejectsWith(() => assertSchema(adapter.db), "run `npm run migrate`");
    assert.deepEqual(await migrate(adapter.db), { applied: ALL, version: SCHEMA_VERSION });
    await adapter.close();
  });

  test("a recorded migration without a version row is unknown: migrate refuses it", async () => {
    const adapter = await fresh();
    await sql`create table gh_migration (name varchar(255) primary key, timestamp varchar(255) not null)`.execute(
      adapter.db.kysely,
    );
    await sql`insert into gh_migration values ('001-initial', '2025-01-01T00:00:00.000Z')`.execute(
      adapter.db.kysely,
    );
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "unknown" });
    await rejectsWith(() => migrate(adapter.db), "Gatehouse tables but no schema version");
    await adapter.close();
  });

  test("assertSchema and migrate refuse a newer schema: upgrade Gatehouse", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    await setVersion(adapter.db, 10);
    const message = "database schema is version 10 but this Gatehouse knows up to 9: upgrade Gatehouse";
    await rejectsWith(() => assertSchema(adapter.db), message);
    await rejectsWith(() => migrate(adapter.db), message);
    await adapter.close();
  });

  test("assertSchema refuses an older schema: run the migration", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    await setVersion(adapter.db, 0);
    await rejectsWith(
      () => assertSchema(adapter.db),
      "database schema is version 0 but this Gatehouse needs 9: run `npm run migrate`",
    );
    await adapter.close();
  });

  test("migrationStatus lists every migration as pending, then applied, without creating anything", async () => {
    const adapter = await fresh();
    assert.deepEqual(await migrationStatus(adapter.db), {
      state: { kind: "missing" },
      latest: 9,
      migrations: [
        { name: "001-initial", version: 1, appliedAt: null },
        { name: "002-client-registrations", version: 2, appliedAt: null },
        { name: "003-password-accounts", version: 3, appliedAt: null },
        { name: "004-passkeys-two-factor", version: 4, appliedAt: null },
        { name: "005-disabled-users", version: 5, appliedAt: null },
        { name: "006-session-records-audit", version: 6, appliedAt: null },
        { name: "007-roles-user-list", version: 7, appliedAt: null },
        { name: "008-security-generation", version: 8, appliedAt: null },
        { name: "009-session-second-factor", version: 9, appliedAt: null },
      ],
    });
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "missing" }, "status created no table");
    const before = Date.now();
    await migrate(adapter.db);
    const status = await migrationStatus(adapter.db);
    assert.deepEqual(status.state, { kind: "versioned", version: 9 });
    for (const migration of status.migrations) {
      assert.ok(migration.appliedAt instanceof Date, migration.name);
      assert.ok(migration.appliedAt.getTime() >= before - 1000, "applied just now");
    }
    await adapter.close();
  });

  test("a version 1 database upgrades: 002 adds gh_client_registrations and keeps the data", async () => {
    const adapter = await fresh();
    // Exactly what Gatehouse 1 left behind: 001-initial applied, version row 1.
    await (await migratorOf(adapter.db)).migrateTo("001-initial");
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 1 });
    const status = await migrationStatus(adapter.db);
    assert.deepEqual(
      status.migrations.map(({ name, appliedAt }) => [name, appliedAt === null ? "pending" : "applied"]),
      [
        ["001-initial", "applied"],
        ["002-client-registrations", "pending"],
        ["003-password-accounts", "pending"],
        ["004-passkeys-two-factor", "pending"],
        ["005-disabled-users", "pending"],
        ["006-session-records-audit", "pending"],
        ["007-roles-user-list", "pending"],
        ["008-security-generation", "pending"],
        ["009-session-second-factor", "pending"],
      ],
    );
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 1 did (this adapter's user reads name columns a version 1 table lacks).
    const user = await insertUser(adapter.db, "v1@example.test");

    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(1), version: 9 });
    await assertSchema(adapter.db);
    assert.equal((await adapter.getUser(user.id))?.email, "v1@example.test");
    const stored = await adapter.createClientRegistration({
      provider: "dev",
      issuer: "https://id.example.test",
      clientId: "registered",
      clientSecret: null,
      clientSecretExpiresAt: 0,
      registrationAccessToken: null,
      metadata: { client_id: "registered" },
      createdAt: new Date(0),
    });
    assert.equal(stored.clientId, "registered");
    await adapter.close();
  });

  test("a version 2 database upgrades: 003 adds passwords, sessions-valid-after and rate limits, keeping users", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("002-client-registrations");
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 2 });
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 2 did: the user row has no sessions_valid_after column yet.
    await insertUser(adapter.db, "v2@example.test", "v2-user");

    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(2), version: 9 });
    await assertSchema(adapter.db);
    assert.equal((await adapter.getUser("v2-user"))?.email, "v2@example.test");
    assert.equal(await adapter.getSessionsValidAfter("v2-user"), null, "existing users start with none");
    await adapter.setPasswordHash("v2-user", "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
    assert.equal(await adapter.getPasswordHash("v2-user"), "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA");
    assert.equal((await adapter.rateLimits.hit("k", { windowMs: 1000, now: 0 })).count, 1);
    await adapter.close();
  });

  test("003 migrates down to version 2: its tables and column go, the users stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUserWithPassword(
      { email: "down@example.test", emailVerified: null },
      "h",
    );
    assert.ok(user);
    await adapter.setSessionsValidAfter(user.id, new Date(1_000));
    // Down through 006, 005 and 004 first: a database goes down one migration at a time.
    const { error } = await (await migratorOf(adapter.db)).migrateTo("002-client-registrations");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 2 });
    assert.equal(await emailOf(adapter.db, user.id), "down@example.test");
    for (const table of ["gh_passwords", "gh_rate_limits"]) {
      await assert.rejects(
        sql`select count(*) from ${sql.table(table)}`.execute(adapter.db.kysely),
        `${table} is gone`,
      );
    }
    await assert.rejects(
      sql`select sessions_valid_after from gh_users`.execute(adapter.db.kysely),
      "the column is gone",
    );
    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(2), version: 9 });
    await adapter.close();
  });

  test("a version 3 database upgrades: 004 adds passkeys and two-factor, keeping users and passwords", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("003-password-accounts");
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 3 });
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 3 did.
    const user = await insertUser(adapter.db, "v3@example.test");
    await adapter.setPasswordHash(user.id, "$h3");
    await adapter.setSessionsValidAfter(user.id, new Date(2_000));

    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(3), version: 9 });
    await assertSchema(adapter.db);
    assert.equal((await adapter.getUser(user.id))?.email, "v3@example.test");
    assert.equal(await adapter.getPasswordHash(user.id), "$h3");
    assert.deepEqual(await adapter.getSessionsValidAfter(user.id), new Date(2_000));
    assert.deepEqual(await adapter.listPasskeys(user.id), [], "existing users start with none");
    assert.equal(await adapter.getTwoFactor(user.id), null);
    const passkey = await adapter.createPasskey(passkeyOf(user.id));
    assert.deepEqual(await adapter.getPasskey(passkey.id), passkey);
    await adapter.startTwoFactor(user.id, "gh.enc.sealed");
    await adapter.replaceBackupCodes(user.id, ["c1", "c2"]);
    assert.equal(await adapter.countBackupCodes(user.id), 2);
    await adapter.close();
  });

  test("004 migrates down to version 3: its tables go, the users and their passwords stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUserWithPassword(
      { email: "down4@example.test", emailVerified: null },
      "$h4",
    );
    assert.ok(user);
    await adapter.createPasskey(passkeyOf(user.id));
    await adapter.startTwoFactor(user.id, "gh.enc.sealed");
    await adapter.replaceBackupCodes(user.id, ["c1"]);
    const { error } = await (await migratorOf(adapter.db)).migrateTo("003-password-accounts");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 3 });
    assert.equal(await emailOf(adapter.db, user.id), "down4@example.test");
    assert.equal(await adapter.getPasswordHash(user.id), "$h4");
    for (const table of ["gh_passkeys", "gh_two_factor", "gh_backup_codes"]) {
      await assert.rejects(
        sql`select count(*) from ${sql.table(table)}`.execute(adapter.db.kysely),
        `${table} is gone`,
      );
    }
    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(3), version: 9 });
    assert.deepEqual(await adapter.listPasskeys(user.id), [], "up again: empty tables");
    await adapter.close();
  });

  test("a version 4 database upgrades: 005 adds disabled_at, every existing user enabled", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("004-passkeys-two-factor");
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 4 });
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 4 did: the user row has no disabled_at column yet.
    await insertUser(adapter.db, "v4@example.test", "v4-user");
    await adapter.setSessionsValidAfter("v4-user", new Date(3_000));

    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(4), version: 9 });
    await assertSchema(adapter.db);
    const stored = await adapter.getUser("v4-user");
    assert.deepEqual(stored, {
      id: "v4-user",
      name: null,
      email: "v4@example.test",
      emailVerified: null,
      image: null,
      disabledAt: null,
      role: null,
      createdAt: stored?.createdAt,
      securityGeneration: 0,
    });
    assert.deepEqual(await adapter.getSessionsValidAfter("v4-user"), new Date(3_000));
    const at = new Date(Date.UTC(2025, 0, 1));
    assert.deepEqual((await adapter.setUserDisabled("v4-user", at))?.disabledAt, at);
    await adapter.close();
  });

  test("005's index holds the disabled users only, and the disabled filter, paged by id, reads it", async () => {
    const adapter = await fresh();
    // As 005 left it: 007 replaced the index with the disabled users in creation order.
    await (await migratorOf(adapter.db)).migrateTo("005-disabled-users");
    const query = adapter.db.kysely
      .selectFrom("gh_users")
      .select(["id", "email", "disabled_at"])
      .where("disabled_at", "is not", null)
      .where("id", ">", "cursor")
      .orderBy("id")
      .limit(51);
    const plan = await planOf(adapter.db, query.compile());
    assert.match(plan, /gh_users_disabled_idx/, plan);
    await adapter.close();
  });

  test("005 migrates down to version 4: the column and its index go, the users stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUser({ email: "down5@example.test", emailVerified: null });
    await adapter.setUserDisabled(user.id, new Date(4_000));
    const { error } = await (await migratorOf(adapter.db)).migrateTo("004-passkeys-two-factor");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 4 });
    await assert.rejects(
      sql`select disabled_at from gh_users`.execute(adapter.db.kysely),
      "the column is gone",
    );
    assert.equal(await emailOf(adapter.db, user.id), "down5@example.test");
    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(4), version: 9 });
    assert.equal((await adapter.getUser(user.id))?.disabledAt, null, "up again: enabled");
    await adapter.close();
  });

  test("a version 5 database upgrades to 6: 006 adds session records and the audit log, keeping users and sessions", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("005-disabled-users");
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 5 });
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 5 did: the user row has no created_at, role or folded keys yet.
    const user = await insertUser(adapter.db, "v5@example.test");
    const expires = new Date(Date.UTC(2099, 0, 1));
    await adapter.createSession({ sessionToken: "v5-session", userId: user.id, expires });

    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(5), version: 9 });
    await assertSchema(adapter.db);
    const now = new Date(Date.UTC(2030, 0, 1));
    assert.deepEqual(await adapter.listSessionRecords(user.id, now), [], "existing sessions have no record");
    assert.equal((await adapter.getSessionAndUser("v5-session"))?.user.id, user.id, "and still work");
    // A new sign-in: its record brings its session row.
    const record = sessionRecordOf(user.id, "v6-session");
    await adapter.createSessionRecord(record);
    assert.deepEqual(await adapter.listSessionRecords(user.id, now), [record]);
    assert.equal((await adapter.getSessionAndUser("v6-session"))?.user.id, user.id);
    const entry = await adapter.appendAudit(auditEntryOf(user.id));
    assert.deepEqual((await adapter.queryAudit({ userId: user.id, limit: 10 })).entries, [entry]);
    await adapter.close();
  });

  test("006 migrates down to version 5: its tables go, the users and sessions stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUser({ email: "down6@example.test", emailVerified: null });
    await adapter.createSessionRecord(sessionRecordOf(user.id, "down6")); // the session with its record
    await adapter.appendAudit(auditEntryOf(user.id));
    // Down through 007 first: a database goes down one migration at a time.
    const { error } = await (await migratorOf(adapter.db)).migrateTo("005-disabled-users");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 5 });
    for (const table of ["gh_session_records", "gh_audit"]) {
      await assert.rejects(
        sql`select count(*) from ${sql.table(table)}`.execute(adapter.db.kysely),
        `${table} is gone`,
      );
    }
    // Read as Gatehouse 5 did: this adapter's session lookup names columns of version 7.
    const session = await adapter.db.kysely
      .selectFrom("gh_sessions")
      .select("user_id")
      .where("session_token_hash", "=", "down6")
      .executeTakeFirst();
    assert.equal(session?.user_id, user.id);
    // The session row can go now that nothing refers to it.
    assert.ok(await adapter.deleteSession("down6"));
    assert.deepEqual(await migrate(adapter.db), { applied: ALL.slice(5), version: 9 });
    assert.deepEqual(await adapter.listSessionRecords(user.id, new Date(0)), [], "up again: empty tables");
    await adapter.close();
  });

  test("006's indexes serve the per-user reads: a user's live sessions, and their audit entries page by page", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const now = new Date(Date.UTC(2030, 0, 1));
    const cursor = `${now.getTime()}.42`;
    const plans = {
      liveIds: await planOf(adapter.db, liveRecordIdsQuery(adapter.db, "u", now).compile()),
      live: await planOf(adapter.db, liveRecordsQuery(adapter.db, "u", now).compile()),
      byUser: await planOf(adapter.db, auditPageQuery(adapter.db, { userId: "u", limit: 50 })!.compile()),
      byUserNext: await planOf(
        adapter.db,
        auditPageQuery(adapter.db, { userId: "u", kinds: ["sign-in"], cursor, limit: 50 })!.compile(),
      ),
      byKind: await planOf(
        adapter.db,
        auditPageQuery(adapter.db, { kinds: ["sign-in"], cursor, limit: 50 })!.compile(),
      ),
      all: await planOf(adapter.db, auditPageQuery(adapter.db, { cursor, limit: 50 })!.compile()),
      retention: await planOf(
        adapter.db,
        adapter.db.kysely.deleteFrom("gh_audit").where("at", "<", dateValue(adapter.db, now)).compile(),
      ),
    };
    for (const plan of [plans.liveIds, plans.live]) assert.match(plan, /gh_session_records_user_idx/, plan);
    // The id list is read from the index alone.
    if (adapter.db.dialect === "sqlite") assert.match(plans.liveIds, /COVERING INDEX/, plans.liveIds);
    for (const plan of [plans.byUser, plans.byUserNext]) {
      assert.match(plan, /gh_audit_actor_idx/, plan);
      assert.match(plan, /gh_audit_subject_idx/, plan);
    }
    assert.match(plans.byKind, /gh_audit_kind_idx/, plans.byKind);
    assert.match(plans.all, /gh_audit_at_idx/, plans.all);
    assert.match(plans.retention, /gh_audit_at_idx/, plans.retention);
    for (const plan of Object.values(plans)) assert.doesNotMatch(plan, /SCAN gh_|Seq Scan/, plan);
    await adapter.close();
  });
  test("a version 6 database upgrades to 7: users get the migration's time as created_at, no role, and folded keys", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("006-session-records-audit");
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 6 did, with names and emails that fold: case, accents, the ﬁ ligature.
    const emile = await insertUser(adapter.db, "Emile@Example.Test", undefined, "ÉMILE Zola");
    const fish = await insertUser(adapter.db, "fish@example.test", undefined, "\uFB01sh");
    const nameless = await insertUser(adapter.db, "nameless@example.test");

    const before = Date.now();
    assert.deepEqual(await migrate(adapter.db), {
      applied: ["007-roles-user-list", "008-security-generation", "009-session-second-factor"],
      version: 9,
    });
    const after = Date.now();
    await assertSchema(adapter.db);
    const migratedAt = (await adapter.getUser(emile.id))?.createdAt;
    assert.ok(migratedAt instanceof Date);
    // PostgreSQL's now() is its transaction's start, rounded to the millisecond: within a millisecond.
    assert.ok(
      migratedAt.getTime() >= before - 1 && migratedAt.getTime() <= after + 1,
      "the migration's time",
    );
    for (const { id } of [emile, fish, nameless]) {
      const user = await adapter.getUser(id);
      assert.equal(user?.role, null);
      assert.deepEqual(user?.createdAt, migratedAt, "every existing user, the same time");
    }
    const keys = await adapter.db.kysely
      .selectFrom("gh_users")
      .select(["id", "email_key", "name_key"])
      .orderBy("email_key")
      .execute();
    assert.deepEqual(
      keys.map((row) => ({ ...row })),
      [
        { id: emile.id, email_key: "emile@example.test", name_key: "émile zola" },
        { id: fish.id, email_key: "fish@example.test", name_key: "fish" },
        { id: nameless.id, email_key: "nameless@example.test", name_key: "" },
      ],
    );
    const found = async (q: string) => (await adapter.searchUsers({ q, limit: 10 })).users.map((u) => u.id);
    assert.deepEqual(await found("émile z"), [emile.id]);
    assert.deepEqual(await found("FISH"), [fish.id]);
    const later = await adapter.createUser({ email: "later@example.test", emailVerified: null });
    const newest = await adapter.searchUsers({ limit: 1 });
    assert.deepEqual(
      newest.users.map((user) => user.id),
      [later.id],
      "created after the migration: first, newest first",
    );
    await adapter.close();
  });

  test("007 migrates down to version 6: its columns and indexes go, the users stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUser({ email: "down7@example.test", name: "Down", emailVerified: null });
    await adapter.setUserRole(user.id, "admin");
    assert.ok((await indexesOf(adapter.db)).includes("gh_users_role_name_idx"));
    const { error } = await (await migratorOf(adapter.db)).migrateTo("006-session-records-audit");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 6 });
    for (const column of ["role", "created_at", "email_key", "name_key"]) {
      await assert.rejects(
        sql`select ${sql.ref(column)} from gh_users`.execute(adapter.db.kysely),
        `${column} is gone`,
      );
    }
    assert.deepEqual(
      (await indexesOf(adapter.db)).filter((name) => name.endsWith("_idx")),
      ["gh_users_disabled_idx"],
      "005's index only",
    );
    assert.equal(await emailOf(adapter.db, user.id), "down7@example.test");
    assert.deepEqual(await migrate(adapter.db), {
      applied: ["007-roles-user-list", "008-security-generation", "009-session-second-factor"],
      version: 9,
    });
    const again = await adapter.getUser(user.id);
    assert.equal(again?.role, null, "up again: no role");
    assert.equal(
      (await adapter.searchUsers({ q: "down", limit: 5 })).users[0]?.id,
      user.id,
      "keys folded again",
    );
    await adapter.close();
  });

  test("a version 7 database upgrades to 8: every existing user's security generation starts at 0", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("007-roles-user-list");
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 7 did: the row has no security_generation column yet.
    const user = await insertUser(adapter.db, "v7@example.test");
    assert.deepEqual(await migrate(adapter.db), {
      applied: ["008-security-generation", "009-session-second-factor"],
      version: 9,
    });
    await assertSchema(adapter.db);
    assert.equal((await adapter.getUser(user.id))?.securityGeneration, 0);
    assert.equal(await adapter.bumpSecurityGeneration(user.id, 0), 1);
    const later = await adapter.createUser({ email: "v8@example.test", emailVerified: null });
    assert.equal(later.securityGeneration, 0, "the column's default for a new user");
    await adapter.close();
  });

  test("008 migrates down to version 7: the column goes, the users stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUser({ email: "down8@example.test", emailVerified: null });
    await adapter.bumpSecurityGeneration(user.id);
    const { error } = await (await migratorOf(adapter.db)).migrateTo("007-roles-user-list");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 7 });
    await assert.rejects(
      sql`select security_generation from gh_users`.execute(adapter.db.kysely),
      "the column is gone",
    );
    assert.equal(await emailOf(adapter.db, user.id), "down8@example.test");
    assert.deepEqual(await migrate(adapter.db), {
      applied: ["008-security-generation", "009-session-second-factor"],
      version: 9,
    });
    assert.equal((await adapter.getUser(user.id))?.securityGeneration, 0, "up again: from 0");
    await adapter.close();
  });

  test("a version 8 database upgrades to 9: existing session records read their second factor as null", async () => {
    const adapter = await fresh();
    await (await migratorOf(adapter.db)).migrateTo("008-security-generation");
    await rejectsWith(() => assertSchema(adapter.db), "needs 9: run `npm run migrate`");
    // Written as Gatehouse 8 did: the record has no second_factor column yet.
    const user = await insertUser(adapter.db, "v8-records@example.test");
    const { secondFactor: _, ...older } = sessionRecordOf(user.id, null);
    await adapter.db.kysely
      .insertInto("gh_session_records")
      .values({
        id: older.id,
        user_id: older.userId,
        session_token_hash: null,
        created_at: dateValue(adapter.db, older.createdAt),
        last_active_at: dateValue(adapter.db, older.lastActiveAt),
        expires: dateValue(adapter.db, older.expires),
        ip: older.ip,
        user_agent: older.userAgent,
        method: older.method,
      })
      .execute();
    assert.deepEqual(await migrate(adapter.db), { applied: ["009-session-second-factor"], version: 9 });
    await assertSchema(adapter.db);
    const now = new Date(Date.UTC(2030, 0, 1));
    assert.deepEqual(
      await adapter.listSessionRecords(user.id, now),
      [{ ...older, secondFactor: null }],
      "what it passed is not known: none",
    );
    const later = { ...sessionRecordOf(user.id, "v9-session"), secondFactor: "totp" };
    await adapter.createSessionRecord(later);
    assert.deepEqual(
      (await adapter.listSessionRecords(user.id, now)).find((record) => record.id === later.id),
      later,
    );
    await adapter.close();
  });

  test("009 migrates down to version 8: the column goes, the records and their sessions stay", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const user = await adapter.createUser({ email: "down9@example.test", emailVerified: null });
    const record = { ...sessionRecordOf(user.id, "down9"), secondFactor: "backup" };
    await adapter.createSessionRecord(record);
    const { error } = await (await migratorOf(adapter.db)).migrateTo("008-security-generation");
    assert.equal(error, undefined);
    assert.deepEqual(await readSchemaState(adapter.db), { kind: "versioned", version: 8 });
    await assert.rejects(
      sql`select second_factor from gh_session_records`.execute(adapter.db.kysely),
      "the column is gone",
    );
    const kept = await adapter.db.kysely.selectFrom("gh_session_records").select("id").execute();
    assert.deepEqual(
      kept.map((row) => row.id),
      [record.id],
    );
    assert.equal((await adapter.getSessionAndUser("down9"))?.user.id, user.id, "its session still works");
    assert.deepEqual(await migrate(adapter.db), { applied: ["009-session-second-factor"], version: 9 });
    assert.deepEqual(
      await adapter.listSessionRecords(user.id, new Date(Date.UTC(2030, 0, 1))),
      [{ ...record, secondFactor: null }],
      "up again: not known",
    );
    await adapter.close();
  });

  test("007's columns: created_at in whole milliseconds; the folded keys in code point order (the C collation)", async () => {
    const adapter = await fresh();
    await migrate(adapter.db);
    const names = await indexesOf(adapter.db);
    for (const sort of ["created", "email", "name"]) {
      for (const prefix of ["", "role_", "disabled_", "unverified_"]) {
        assert.ok(names.includes(`gh_users_${prefix}${sort}_idx`), `gh_users_${prefix}${sort}_idx`);
      }
    }
    assert.ok(!names.includes("gh_users_disabled_idx"), "005's index, superseded, is gone");
    if (adapter.db.dialect === "postgres") {
      const { rows } = await sql<{
        column: string;
        type: string;
        precision: number | null;
        collation: string | null;
      }>`
        select column_name as column, data_type as type, datetime_precision as precision,
          collation_name as collation
        from information_schema.columns
        where table_schema = current_schema() and table_name = 'gh_users'
          and column_name in ('created_at', 'email_key', 'name_key', 'role')
        order by column_name`.execute(adapter.db.kysely);
      assert.deepEqual(rows, [
        { column: "created_at", type: "timestamp with time zone", precision: 3, collation: null },
        { column: "email_key", type: "text", precision: null, collation: "C" },
        { column: "name_key", type: "text", precision: null, collation: "C" },
        { column: "role", type: "text", precision: null, collation: null },
      ]);
      // Whole milliseconds even when written by hand with microseconds: a cursor names the row exactly.
      await sql`insert into gh_users (id, email) values ('by-hand', 'hand@example.test')`.execute(
        adapter.db.kysely,
      );
      await sql`update gh_users set created_at = '2030-01-02T03:04:05.678901Z' where id = 'by-hand'`.execute(
        adapter.db.kysely,
      );
      assert.deepEqual((await adapter.getUser("by-hand"))?.createdAt, new Date("2030-01-02T03:04:05.679Z"));
    }
    await adapter.close();
  });
}

/**
 * How the database would run a query: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with
 * sequential scans priced out (a tiny table may rightly be scanned; this shows the index exists and
 * matches the query, which is what keeps it cheap on a big table).
 */
async function planOf(db: SqlDatabase, query: CompiledQuery): Promise<string> {
  return db.kysely.connection().execute(async (connection) => {
    if (db.dialect === "sqlite") {
      const { rows } = await connection.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row.detail).join("\n");
    }
    await sql`set enable_seqscan = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
    }
  });
}

// A user row written with the columns every version has, as a Gatehouse before version 7 wrote it:
// the adapter's own user reads and writes name the columns of the current version.
async function insertUser(
  db: SqlDatabase,
  email: string,
  id: string = crypto.randomUUID(),
  name: string | null = null,
): Promise<{ id: string }> {
  await sql`insert into gh_users (id, name, email, email_verified, image)
    values (${id}, ${name}, ${email}, null, null)`.execute(db.kysely);
  return { id };
}

/** The names of the indexes on gh_users, sorted (SQLite's automatic ones left out). */
async function indexesOf(db: SqlDatabase): Promise<string[]> {
  const { rows } =
    db.dialect === "postgres"
      ? await sql<{ name: string }>`select indexname as name from pg_indexes
          where schemaname = current_schema() and tablename = 'gh_users'`.execute(db.kysely)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'gh_users' and sql is not null`.execute(db.kysely);
  return rows.map((row) => row.name).sort();
}

async function emailOf(db: SqlDatabase, id: string): Promise<string | null | undefined> {
  const row = await db.kysely.selectFrom("gh_users").select("email").where("id", "=", id).executeTakeFirst();
  return row?.email;
}

function sessionRecordOf(userId: string, sessionTokenHash: string | null): StoredSessionRecord {
  const at = new Date(Date.UTC(2025, 0, 1));
  return {
    id: `record-${crypto.randomUUID()}`.slice(0, 22),
    userId,
    sessionTokenHash,
    createdAt: at,
    lastActiveAt: at,
    expires: new Date(Date.UTC(2099, 0, 1)),
    ip: "203.0.113.9",
    userAgent: "curl/8.0",
    method: "password",
    secondFactor: null,
  };
}

function auditEntryOf(userId: string): Omit<StoredAuditEntry, "id"> {
  return {
    at: new Date(Date.UTC(2025, 0, 1)),
    kind: "sign-in",
    actorId: userId,
    subjectId: userId,
    ip: null,
    userAgent: null,
    detail: { method: "password" },
  };
}

const dateValue = (db: SqlDatabase, date: Date) => (db.dialect === "sqlite" ? date.getTime() : date);

function passkeyOf(userId: string): StoredPasskey {
  return {
    id: `cred-${crypto.randomUUID()}`,
    userId,
    publicKey: "pQECAyYgASFYIA",
    counter: 3,
    transports: ["usb", "nfc"],
    deviceType: "singleDevice",
    backedUp: false,
    name: "YubiKey",
    createdAt: new Date(Date.UTC(2025, 0, 1)),
    lastUsedAt: null,
  };
}

/** Kysely's Migrator over Gatehouse's migrations, as `migrate` sets it up: to stop at a version. */
async function migratorOf(db: SqlDatabase): Promise<Migrator> {
  const schema = db.dialect === "postgres" ? await currentSchema(db) : undefined;
  return new Migrator({
    db: schema === undefined ? db.kysely : introspectingOnly(db.kysely, schema),
    provider: migrationProvider(db.dialect),
    migrationTableName: "gh_migration",
    migrationLockTableName: "gh_migration_lock",
    ...(schema !== undefined && { migrationTableSchema: schema }),
  });
}

async function currentSchema(db: SqlDatabase): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely);
  return rows[0]!.schema;
}

// Probed before any case is registered: node:test starts the SQLite cases at once, and their CLI
// runs (spawnSync) block this thread, which could make the probe's connect time out under load.
const probe = await createPostgresTestSchema("gh_test_migrate");

describe("migrations on SQLite", () => {
  let n = 0;
  schemaCases(async () => createSqliteAdapter(join(dir.path, `schema-${++n}.db`)));

  test("the migrate CLI applies migrations to --url, then has nothing to do", async () => {
    const url = `sqlite:${join(dir.path, "cli.db")}`;
    const first = runCli(["--url", url]);
    assert.equal(first.status, 0, first.stderr);
    assert.match(
      first.stdout,
      /applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; the schema is at version 9/,
    );
    const second = runCli([], { DATABASE_URL: url });
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, /already at version 9; nothing to do/);
    const adapter = createSqliteAdapter(join(dir.path, "cli.db"));
    await assertSchema(adapter.db);
    await adapter.close();
  });

  test("the migrate CLI without a database is a usage error; a refused schema exits 1", async () => {
    const none = runCli([]);
    assert.equal(none.status, 2);
    assert.match(none.stderr, /pass --url or set DATABASE_URL/);
    const path = join(dir.path, "newer.db");
    const adapter = createSqliteAdapter(path);
    await migrate(adapter.db);
    await adapter.db.kysely.updateTable("gh_schema").set({ version: 10 }).execute();
    await adapter.close();
    const refused = runCli(["--url", path]);
    assert.equal(refused.status, 1);
    assert.match(refused.stderr, /version 10 but this Gatehouse knows up to 9: upgrade Gatehouse/);
  });
});

if (!probe.ok) {
  postgresUnavailable("migrations on PostgreSQL", probe.reason);
} else {
  const schemas: PostgresTestSchema[] = [probe.value];
  const pools: pg.Pool[] = [];
  after(async () => {
    for (const pool of pools) await pool.end();
    for (const schema of schemas) await schema.drop();
  });
  const freshSchema = async (): Promise<PostgresTestSchema> => {
    const next = await createPostgresTestSchema("gh_test_migrate");
    assert.ok(next.ok, "PostgreSQL answered a moment ago");
    schemas.push(next.value);
    return next.value;
  };
  const adapterIn = (schema: PostgresTestSchema): SqlAdapter => {
    const pool = new pg.Pool(schema.poolConfig);
    pools.push(pool);
    return createPostgresAdapter(pool);
  };

  describe("migrations on PostgreSQL", () => {
    schemaCases(async () => adapterIn(await freshSchema()));

    test("migrate is not disturbed by another schema dropped meanwhile (Kysely's introspection failed with 3F000)", async () => {
      // Kysely's own introspection lists every schema's tables by name, and failed when one of them
      // went while it ran; migrate reads its own schema only. Schemas come and go here throughout.
      const admin = adapterIn(probe.value);
      let migrating = true;
      const churn = (async () => {
        while (migrating) {
          const other = await createPostgresTestSchema("gh_test_churn");
          assert.ok(other.ok);
          await sql`create table ${sql.table(`${other.value.schema}.t`)} (id serial primary key)`.execute(
            admin.db.kysely,
          );
          await other.value.drop();
        }
      })();
      const adapters = await Promise.all(
        Array.from({ length: 6 }, async () => adapterIn(await freshSchema())),
      );
      try {
        for (const adapter of adapters) assert.deepEqual((await migrate(adapter.db)).applied, ALL);
      } finally {
        migrating = false;
        await churn;
      }
    });

    test("each schema gets its own tables, even while another schema already has them", async () => {
      // Kysely's Migrator finds its bookkeeping table in *any* schema unless told which: the second
      // install would skip creating its own and fail. migrate() pins it to current_schema().
      const [a, b] = [adapterIn(await freshSchema()), adapterIn(await freshSchema())];
      await migrate(a.db);
      assert.deepEqual((await migrate(b.db)).applied, ALL);
      await Promise.all([assertSchema(a.db), assertSchema(b.db)]);
    });

    test("the migrate CLI applies migrations to a postgres:// URL", async () => {
      const result = runCli(["--url", probe.value.url]);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stdout, /applied 001-initial/);
      const adapter = adapterIn(probe.value);
      await assertSchema(adapter.db);
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from information_schema.tables where table_schema = ${probe.value.schema}`.execute(
        adapter.db.kysely,
      );
      assert.equal(
        Number(rows[0]?.n),
        15,
        "gh_users, gh_accounts, gh_sessions, gh_verification_tokens, gh_schema, gh_client_registrations, " +
          "gh_passwords, gh_rate_limits, gh_passkeys, gh_two_factor, gh_backup_codes, gh_session_records, " +
          "gh_audit + 2 migration tables",
      );
    });
  });
}
