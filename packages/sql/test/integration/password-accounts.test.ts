import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { after, before, describe, test } from "node:test";
import { sql } from "kysely";
import { newUserRow } from "../../src/lib/rows.ts";
import type { SqlAdapter } from "../../src/sql-adapter.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";
import { openInWorker, type WorkerInstance } from "./instance-in-worker.ts";

const SIGN_UPS = 20;
const HITS = 50;

/** Resolves once `promise` settles, or says it is still pending after `ms`. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return settled;
}

// App instances share nothing but the database: each here has its own connection (pool or file
// handle) in a thread of its own, so the database's locks and unique index do the deciding.
for (const kind of await databasesFor("password accounts across instances")) {
  describe(`password accounts and rate limits across instances on ${kind.name}`, () => {
    let db: TestDatabase;
    let first: SqlAdapter;
    let second: WorkerInstance;
    /** This thread's adapter and three instances in worker threads. */
    let instances: (SqlAdapter | WorkerInstance)[];

    before(async () => {
      db = await kind.open();
      first = db.adapter;
      const workers = await Promise.all([1, 2, 3].map(() => openInWorker(db.url)));
      second = workers[0]!;
      instances = [first, ...workers];
    });
    after(async () => {
      for (const instance of instances.slice(1)) await instance.close();
      await db.close();
    });
    const on = (i: number) => instances[i % instances.length]!;

    async function usersWithoutPassword(): Promise<number> {
      const rows = await first.db.kysely
        .selectFrom("gh_users as u")
        .leftJoin("gh_passwords as p", "p.user_id", "u.id")
        .select("u.id")
        .where("p.user_id", "is", null)
        .execute();
      return rows.length;
    }

    test(`${SIGN_UPS} concurrent sign-ups for one email on four instances: one user, one password, the winner's`, async () => {
      const email = `race-${crypto.randomUUID()}@example.test`;
      const users = await db.count("gh_users");
      const passwords = await db.count("gh_passwords");
      const hashes = Array.from(
        { length: SIGN_UPS },
        (_, i) => `$argon2id$v=19$m=19456,t=2,p=1$salt${i}$hash${i}`,
      );
      const results = await Promise.all(
        hashes.map((hash, i) => on(i).createUserWithPassword({ email, emailVerified: null }, hash)),
      );
      const winners = results.flatMap((user, i) => (user === null ? [] : [{ user, hash: hashes[i] }]));
      assert.equal(winners.length, 1, "exactly one sign-up wins; the others resolve to null");
      assert.equal(await db.count("gh_users"), users + 1);
      assert.equal(await db.count("gh_passwords"), passwords + 1);
      assert.equal(await usersWithoutPassword(), 0, "nothing half-written");
      assert.equal(await first.getPasswordHash(winners[0]?.user.id ?? ""), winners[0]?.hash);
    });

    test("a sign-up waits for another instance's uncommitted user with the email: null once it commits", async () => {
      const email = `held-${crypto.randomUUID()}@example.test`;
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let signUp: Promise<unknown> | undefined;
      await first.db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("gh_users")
          .values(newUserRow(first.db.dialect, { email, emailVerified: null }))
          .execute();
        signUp = second.createUserWithPassword({ email, emailVerified: null }, "$argon2id$late");
        assert.equal(await settledWithin(signUp, 50), false, "blocked by the open transaction");
        release();
        await released;
      });
      assert.equal(await signUp, null);
      assert.equal(await usersWithoutPassword(), 1, "only the other instance's user, which has no password");
      await first.db.kysely.deleteFrom("gh_users").where("email", "=", email).execute();
    });

    test("a sign-up waiting on another instance's user that rolls back creates the user", async () => {
      const email = `rolled-back-${crypto.randomUUID()}@example.test`;
      let signUp: Promise<Awaited<ReturnType<SqlAdapter["createUserWithPassword"]>>> | undefined;
      await assert.rejects(
        first.db.kysely.transaction().execute(async (trx) => {
          await trx
            .insertInto("gh_users")
            .values(newUserRow(first.db.dialect, { email, emailVerified: null }))
            .execute();
          signUp = second.createUserWithPassword({ email, emailVerified: null }, "$argon2id$second");
          assert.equal(await settledWithin(signUp, 50), false, "blocked by the open transaction");
          throw new Error("roll back");
        }),
        /roll back/,
      );
      const user = await signUp;
      assert.equal(user?.email, email);
      assert.equal(await first.getPasswordHash(user?.id ?? ""), "$argon2id$second");
    });

    test("a password insert that fails in the database rolls the user back: nothing half-written", async () => {
      const { kysely, dialect } = first.db;
      const run = async (...statements: string[]) => {
        for (const statement of statements) await sql.raw(statement).execute(kysely);
      };
      const [create, drop] =
        dialect === "sqlite"
          ? [
              [
                "create trigger gh_it_fail before insert on gh_passwords begin select raise(abort, 'fault'); end",
              ],
              ["drop trigger gh_it_fail"],
            ]
          : [
              [
                "create function gh_it_fail() returns trigger language plpgsql as $$ begin raise exception 'fault'; end $$",
                "create trigger gh_it_fail before insert on gh_passwords for each row execute function gh_it_fail()",
              ],
              ["drop trigger gh_it_fail on gh_passwords", "drop function gh_it_fail()"],
            ];
      const email = `fault-${crypto.randomUUID()}@example.test`;
      await run(...create);
      try {
        await assert.rejects(
          first.createUserWithPassword({ email, emailVerified: null }, "$argon2id$fault"),
          (error: unknown) => (error as { code?: unknown }).code === "StorageFailed",
        );
      } finally {
        await run(...drop);
      }
      assert.equal(await first.getUserByEmail(email), null, "the user row was rolled back");
      assert.ok(
        await first.createUserWithPassword({ email, emailVerified: null }, "$argon2id$retry"),
        "and may sign up again",
      );
    });

    test("concurrent setSessionsValidAfter on four instances keeps the latest time", async () => {
      const user = await first.createUser({
        email: `valid-${crypto.randomUUID()}@example.test`,
        emailVerified: null,
      });
      const times = Array.from(
        { length: 20 },
        (_, i) => new Date(Date.UTC(2025, 0, 1) + ((i * 7) % 20) * 1000),
      );
      await Promise.all(times.map((at, i) => on(i).setSessionsValidAfter(user.id, at)));
      const latest = Math.max(...times.map((at) => at.getTime()));
      assert.equal((await first.getSessionsValidAfter(user.id))?.getTime(), latest);
    });

    test(`${HITS} concurrent hits on four instances share one counter and count each once`, async () => {
      const key = `signIn:ip:${crypto.randomUUID()}`;
      const now = Date.now();
      const counters = await Promise.all(
        Array.from({ length: HITS }, (_, i) => on(i).rateLimits.hit(key, { windowMs: 60_000, now })),
      );
      assert.deepEqual(
        counters.map((c) => c.count).sort((a, b) => a - b),
        Array.from({ length: HITS }, (_, i) => i + 1),
      );
      assert.deepEqual(new Set(counters.map((c) => c.resetAt)), new Set([now + 60_000]), "one window");
      assert.deepEqual(await first.rateLimits.peek(key, now), { count: HITS, resetAt: now + 60_000 });
    });

    test("rate-limit keys are stored as their SHA-256; deleteExpiredSessions clears the ended counters", async () => {
      const email = `alice-${crypto.randomUUID()}@example.test`;
      const ended = `lockout:${email}`;
      const live = `signIn:${email}`;
      const now = new Date(Date.UTC(2030, 0, 1));
      await first.rateLimits.hit(ended, { windowMs: 1000, now: now.getTime() - 1000 }); // ends exactly at now
      await first.rateLimits.hit(live, { windowMs: 1000, now: now.getTime() - 999 });

      const { rows } = await sql<{ key_hash: string }>`select key_hash from gh_rate_limits`.execute(
        first.db.kysely,
      );
      const stored = rows.map((row) => row.key_hash);
      const sha256 = (key: string) => createHash("sha256").update(key).digest("hex");
      assert.ok(stored.includes(sha256(ended)) && stored.includes(sha256(live)));
      assert.ok(!stored.some((key) => key.includes("alice")), "no email in clear");

      await first.deleteExpiredSessions(now);
      const left = await first.db.kysely
        .selectFrom("gh_rate_limits")
        .select("key_hash")
        .where("key_hash", "in", [sha256(ended), sha256(live)])
        .execute();
      assert.deepEqual(
        left.map((row) => row.key_hash),
        [sha256(live)],
        "the counter whose window ended at `now` went; the live one stays",
      );
      assert.equal((await first.rateLimits.peek(live, now.getTime()))?.count, 1);
    });
  });
}
