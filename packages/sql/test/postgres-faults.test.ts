import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  createPostgresTestSchema,
  type FaultProxy,
  POSTGRES_TEST_URL,
  postgresUnavailable,
  startFaultProxy,
} from "@gatehouse/adapter-conformance";
import { ConfigError } from "@gatehouse/core";
import { sql } from "kysely";
import pg from "pg";
import { toStorageError } from "../src/lib/driver-errors.ts";
import { migrate } from "../src/migrate.ts";
import { createPostgresAdapter } from "../src/postgres/create-postgres-adapter.ts";
import type { PostgresAdapterOptions } from "../src/postgres/postgres-options.ts";
import type { SqlAdapter } from "../src/sql-adapter.ts";
import { isStorageError } from "../src/storage-error.ts";

// Issue 22, items 5 and 6: a PostgreSQL connection that dies (pg_terminate_backend, a restart, a
// reset, an idle-in-transaction time-out) used to raise an unhandled `error` event from pg, and the
// process exited; a database that held its bytes or crawled held each call for ever (a new
// connection for 10 s). Each test names the fault; each call must settle within the time-outs with
// StorageUnavailable, and the same adapter must work again once the fault is gone.

/** Short time-outs, so that each fault costs the suite a second or two. */
const OPTIONS = {
  connectTimeoutMs: 1000,
  statementTimeoutMs: 1000,
  idleInTransactionTimeoutMs: 1000,
  failFastMs: 300,
} as const satisfies PostgresAdapterOptions;
/**
 * The bound asked of every call while the database misbehaves: a wait for a connection, then a
 * statement's client-side time-out (statement + 0.5 s), with room for a busy machine. Without the fix
 * a held call never settled.
 */
const SETTLES_WITHIN_MS = OPTIONS.connectTimeoutMs + OPTIONS.statementTimeoutMs + 500 + 1500;

const probe = await createPostgresTestSchema("gh_faults");

if (!probe.ok) {
  postgresUnavailable("@gatehouse/sql on PostgreSQL under faults", probe.reason);
} else {
  const { url: schemaUrl, drop } = probe.value;
  const target = new URL(POSTGRES_TEST_URL);
  const admin = new pg.Client({ connectionString: POSTGRES_TEST_URL });
  admin.on("error", () => {});
  const open: (() => Promise<void>)[] = [];

  before(async () => {
    await admin.connect();
    const adapter = createPostgresAdapter(schemaUrl);
    await migrate(adapter.db);
    await adapter.close();
  });
  after(async () => {
    for (const close of open) await close();
    await admin.end();
    await drop();
  });

  /**
   * An adapter on the test schema, through a fault proxy unless `direct`, whose connections carry an
   * application_name of their own: what `terminateBackends` finds, and nothing of another suite's.
   */
  async function faultyDatabase(options: PostgresAdapterOptions = OPTIONS, { direct = false } = {}) {
    const name = `gh_faults_${crypto.randomUUID().slice(0, 8)}`;
    const proxy = direct ? null : await startFaultProxy({ host: target.hostname, port: Number(target.port) });
    const url = new URL(schemaUrl);
    if (proxy) url.port = String(proxy.port);
    url.searchParams.set("application_name", name);
    const adapter = createPostgresAdapter(url.toString(), options);
    open.push(async () => {
      proxy?.set("pass");
      await adapter.close();
      await proxy?.close();
    });
    return { adapter, proxy: proxy as FaultProxy, name };
  }

  /** The states (`idle`, `active`, …) of the backends with application_name `name`. */
  async function backendStates(name: string): Promise<string[]> {
    const { rows } = await admin.query<{ state: string | null }>(
      "select state from pg_stat_activity where application_name = $1",
      [name],
    );
    return rows.map((row) => row.state ?? "");
  }

  async function terminateBackends(name: string): Promise<number> {
    const { rows } = await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1",
      [name],
    );
    return rows.length;
  }

  describe("@gatehouse/sql on PostgreSQL: connections killed, cut and held", () => {
    test("pg_terminate_backend of the adapter's backends while queries run: no unhandled error, StorageUnavailable, then recovery", async () => {
      const { adapter, name } = await faultyDatabase(OPTIONS, { direct: true });
      await Promise.all([calls(adapter, 6)]);
      // A connection checked out and idle inside a transaction when its backend is terminated: pg
      // emits `error` on the client, which nobody listened to, and the process exited with code 1.
      let resume = () => {};
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let inTransaction = () => {};
      const started = new Promise<void>((resolve) => (inTransaction = resolve));
      const idleTransaction = adapter.db.kysely
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          inTransaction();
          await paused;
          await sql`select 1`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      await started;
      const load = loadFor(adapter, 1500);
      let terminated = 0;
      for (let round = 0; round < 5; round++) {
        terminated += await terminateBackends(name);
        if (round === 0) setTimeout(resume, 50);
        await sleep(250);
      }
      assert.ok(terminated > 0, "the adapter's backends were found and terminated");
      const failure = await idleTransaction;
      assert.ok(failure !== null, "the transaction's connection was terminated");
      assert.ok(
        isStorageError(toStorageError(failure, "transaction"), "StorageUnavailable"),
        String(failure),
      );
      assertFaultAnswers(await load);
      // Idle pooled connections terminated between calls: the pool's own `error` event.
      await calls(adapter, 4);
      assert.ok((await terminateBackends(name)) > 0);
      await sleep(50);
      await recovered(adapter);
    });

    test("a transaction left idle past idleInTransactionTimeoutMs is ended by the server (25P03): StorageUnavailable, no crash", async () => {
      const { adapter } = await faultyDatabase(
        { ...OPTIONS, idleInTransactionTimeoutMs: 200 },
        { direct: true },
      );
      const transaction = adapter.db.kysely.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sleep(1000);
        await sql`select 1`.execute(trx);
      });
      await assert.rejects(transaction, (error) =>
        isStorageError(toStorageError(error, "transaction"), "StorageUnavailable"),
      );
      await recovered(adapter);
    });

    test("a statement slower than statementTimeoutMs is cancelled by the server (57014); the connection stays usable", async () => {
      const { adapter } = await faultyDatabase({ ...OPTIONS, statementTimeoutMs: 200 }, { direct: true });
      await assert.rejects(sql`select pg_sleep(2)`.execute(adapter.db.kysely), (error) => {
        const mapped = toStorageError(error, "sleep");
        assert.ok(isStorageError(mapped, "StorageUnavailable"), String(error));
        assert.equal(mapped.driverCode, "57014");
        return true;
      });
      // The server answered: no fail-fast pause follows, the next call goes through at once.
      assert.equal(await adapter.getUser(crypto.randomUUID()), null);
    });

    test("migrate runs without the statement time-out (its own connection), the adapter's calls with it", async () => {
      const { adapter } = await faultyDatabase({ ...OPTIONS, statementTimeoutMs: 200 }, { direct: true });
      const { unbounded } = adapter.db;
      assert.ok(unbounded, "an adapter made from a URL lifts its statement time-out for migrate");
      await unbounded((kysely) => sql`select pg_sleep(0.5)`.execute(kysely));
      await assert.rejects(sql`select pg_sleep(0.5)`.execute(adapter.db.kysely));
      assert.deepEqual((await migrate(adapter.db)).applied, []);
    });

    test("a proxy resetting every connection (the server restarting): StorageUnavailable at once, then recovery", async () => {
      const { adapter, proxy } = await faultyDatabase();
      await calls(adapter, 6);
      proxy.set("reset");
      assertFaultAnswers(await loadFor(adapter, 1000), { failures: "all" });
      proxy.set("pass");
      await recovered(adapter);
    });

    test("every connection reset once while queries run (a middlebox dropping its state): StorageUnavailable, then recovery", async () => {
      const { adapter, proxy } = await faultyDatabase();
      const load = loadFor(adapter, 1500);
      for (let round = 0; round < 5; round++) {
        await sleep(200);
        proxy.resetAll();
      }
      assertFaultAnswers(await load);
      await recovered(adapter);
    });

    test("bytes held (a network partition): every call settles within the time-outs with StorageUnavailable, then recovery", async () => {
      const { adapter, proxy } = await faultyDatabase();
      await calls(adapter, 6);
      proxy.set("hold");
      const results = await loadFor(adapter, 2500);
      assertFaultAnswers(results, { failures: "all" });
      // After the first time-out the adapter fails fast instead of waiting again for each call.
      assert.ok(results.some((result) => result.driverCode === "FAIL_FAST"));
      assert.ok(results.some((result) => result.driverCode === "QUERY_TIMEOUT"));
      proxy.set("pass");
      await recovered(adapter);
    });

    test("new connections dropped (a firewall dropping SYNs) after the open ones were reset: StorageUnavailable within the connect time-out, then recovery", async () => {
      const { adapter, proxy } = await faultyDatabase();
      await calls(adapter, 6);
      proxy.set("drop");
      proxy.resetAll();
      const results = await loadFor(adapter, 2000);
      assertFaultAnswers(results, { failures: "all" });
      assert.ok(results.some((result) => result.driverCode === "CONNECT_TIMEOUT"));
      proxy.set("pass");
      await recovered(adapter);
    });

    test("a link slower than the statement time-out: StorageUnavailable within the time-outs, then recovery", async () => {
      const { adapter, proxy } = await faultyDatabase();
      await calls(adapter, 6);
      proxy.set("slow", 2500);
      assertFaultAnswers(await loadFor(adapter, 2000), { failures: "all" });
      proxy.set("pass");
      await recovered(adapter);
    });

    test("a link slow within the time-outs: every call succeeds, no fail-fast pause", async () => {
      const { adapter, proxy } = await faultyDatabase();
      proxy.set("slow", 100);
      const results = await loadFor(adapter, 1000);
      assert.deepEqual(
        results.filter((result) => !result.ok),
        [],
      );
    });

    test("while failing fast, calls answer FAIL_FAST without asking the database; the first answer ends the pause", async () => {
      const { adapter, proxy } = await faultyDatabase({ ...OPTIONS, failFastMs: 60_000 });
      await calls(adapter, 2);
      proxy.set("reset");
      await sleep(100); // the pool has noticed its idle connections go
      const first = await settle(() => adapter.getUser(crypto.randomUUID()));
      assert.equal(first.ok, false);
      assert.notEqual(first.driverCode, "FAIL_FAST");
      const second = await settle(() => adapter.getUser(crypto.randomUUID()));
      assert.equal(second.driverCode, "FAIL_FAST");
      proxy.set("pass");
      // A minute-long pause: still refusing, and no connection is even tried.
      assert.equal((await settle(() => adapter.getUser(crypto.randomUUID()))).driverCode, "FAIL_FAST");
      await sleep(50);
      assert.equal(proxy.connections, 0);
    });

    test("a backend terminated as its connection opens, the ready reply and the termination in one read: no unhandled error, StorageUnavailable, then recovery", async () => {
      // pg-pool hands a new connection over when it reads ReadyForQuery, and takes its own `error`
      // listener off then; the adapter put one on a moment later. A FATAL read in the same chunk
      // (the backend terminated just after start-up, on a busy machine) came in between: an
      // unhandled `error` event, and the web app exited under load.
      for (const kind of ["kysely", "session lookup"] as const) {
        const { adapter, proxy, name } = await faultyDatabase();
        proxy.set("hold-replies");
        const call = settle(() =>
          kind === "kysely"
            ? adapter.getUser(crypto.randomUUID())
            : adapter.getSessionAndUser(crypto.randomUUID()),
        );
        // The backend has started up and waits for a query: its ReadyForQuery is sent, and held.
        await until(async () => (await backendStates(name)).includes("idle"));
        assert.ok((await terminateBackends(name)) > 0);
        await sleep(100); // the termination (FATAL 57P01, then the close) reaches the proxy
        proxy.set("pass");
        const failed = await call;
        assert.equal(failed.ok, false, kind);
        assert.equal(failed.code, "StorageUnavailable", `${kind}: ${JSON.stringify(failed)}`);
        await recovered(adapter);
      }
    });

    test("a pg.Pool of the caller's: a connection terminated while checked out does not crash the process", async () => {
      const name = `gh_faults_${crypto.randomUUID().slice(0, 8)}`;
      const url = new URL(schemaUrl);
      url.searchParams.set("application_name", name);
      const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
      const adapter = createPostgresAdapter(pool);
      let resume = () => {};
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let inTransaction = () => {};
      const started = new Promise<void>((resolve) => (inTransaction = resolve));
      const transaction = adapter.db.kysely.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        inTransaction();
        await paused;
        await sql`select 1`.execute(trx);
      });
      await started;
      assert.ok((await terminateBackends(name)) > 0);
      await sleep(100);
      resume();
      await assert.rejects(transaction);
      await recovered(adapter);
      await pool.end();
    });

    test("time-outs with a pg.Pool, or negative ones, are refused at creation with what to do", () => {
      const pool = new pg.Pool({ connectionString: schemaUrl });
      assert.throws(
        () => createPostgresAdapter(pool, { statementTimeoutMs: 1000 }),
        (error) => error instanceof ConfigError && /statement_timeout, query_timeout/.test(error.message),
      );
      assert.throws(
        () => createPostgresAdapter(schemaUrl, { connectTimeoutMs: -1 }),
        (error) =>
          error instanceof ConfigError && /connectTimeoutMs must be a whole number/.test(error.message),
      );
      return pool.end();
    });
  });
}

interface Settled {
  ok: boolean;
  ms: number;
  /** The StorageError's code, or the name of whatever else was thrown. */
  code?: string;
  driverCode?: string | undefined;
}

async function settle(call: () => unknown): Promise<Settled> {
  const started = performance.now();
  try {
    await call();
    return { ok: true, ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    if (isStorageError(error)) return { ok: false, ms, code: error.code, driverCode: error.driverCode };
    return {
      ok: false,
      ms,
      code: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** What an app does with the adapter: look a session up, read a user, sign someone up (a transaction). */
async function oneCall(adapter: SqlAdapter, n: number): Promise<unknown> {
  switch (n % 3) {
    case 0:
      return adapter.getSessionAndUser(crypto.randomUUID());
    case 1:
      return adapter.getUser(crypto.randomUUID());
    default:
      return adapter.createUserWithPassword(
        { email: `fault-${crypto.randomUUID()}@example.test`, emailVerified: null },
        "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA",
      );
  }
}

/** `count` calls at once, all of which must succeed (this fills the pool with connections). */
async function calls(adapter: SqlAdapter, count: number): Promise<void> {
  const results = await Promise.all(
    Array.from({ length: count }, (_, n) => settle(() => oneCall(adapter, n))),
  );
  assert.deepEqual(
    results.filter((result) => !result.ok),
    [],
  );
}

/** Four loops of calls for `ms`; every call's outcome. */
async function loadFor(adapter: SqlAdapter, ms: number): Promise<Settled[]> {
  const until = performance.now() + ms;
  const results: Settled[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async (_, loop) => {
      for (let n = loop; performance.now() < until; n += 4) {
        results.push(await settle(() => oneCall(adapter, n)));
        // A call failing fast answers at once: a breath between calls keeps the loop from spinning.
        await sleep(20);
      }
    }),
  );
  return results;
}

/**
 * Each call succeeded or failed with StorageUnavailable (nothing else, no driver error), within the
 * bound; with `failures: "all"` none succeeded either (the fault was total).
 */
function assertFaultAnswers(results: Settled[], { failures = "some" }: { failures?: "some" | "all" } = {}) {
  const wrong = results.filter((result) => !result.ok && result.code !== "StorageUnavailable");
  assert.deepEqual(wrong, [], "every failure is StorageUnavailable");
  const slow = results.filter((result) => result.ms > SETTLES_WITHIN_MS);
  assert.deepEqual(slow, [], `every call settles within ${SETTLES_WITHIN_MS} ms`);
  const failed = results.filter((result) => !result.ok);
  assert.ok(failed.length > 0, "the fault was seen");
  if (failures === "all") assert.equal(failed.length, results.length, "no call got through the fault");
}

/** The same adapter answers again without being re-created (after its fail-fast pause). */
async function recovered(adapter: SqlAdapter): Promise<void> {
  let last: Settled | undefined;
  for (let attempt = 0; attempt < 100; attempt++) {
    last = await settle(() => adapter.getUser(crypto.randomUUID()));
    if (last.ok) break;
    await sleep(100);
  }
  assert.equal(last?.ok, true, `the adapter recovers: ${JSON.stringify(last)}`);
  await calls(adapter, 6);
}

/** Polls `check` every 10 ms, for up to 5 s. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await sleep(10);
  }
  assert.fail("the condition did not come about within 5 s");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
