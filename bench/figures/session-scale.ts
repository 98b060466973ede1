/**
 * Session lookup latency as the sessions table grows: `getSessionAndUser` on a database holding 1 k,
 * 1 M or 10 M sessions, on SQLite and on PostgreSQL. A primary-key lookup should stay (nearly) flat.
 *
 * Sessions are made inside the database in bulk, never one round trip per row. Session `n` has the
 * hash `sha256("bench-session-<n>")` in hex (computed by a registered function on SQLite and by
 * `sha256()` on PostgreSQL), so any row number drawn at random gives back a hash that is stored,
 * without reading the table. One database per kind grows from size to size and is measured at each.
 */
import { createHash } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { createPostgresTestSchema } from "@gatehouse/adapter-conformance";
import { createPostgresAdapter, createSqliteAdapter, migrate, type SqlAdapter } from "@gatehouse/sql";
import pg from "pg";
import { percentile } from "../lib/stats.ts";

export interface ScaleRow {
  database: "SQLite" | "PostgreSQL";
  sessions: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
  /** Seconds spent growing the database from the previous size to this one (inserts and statistics). */
  fillSeconds: number;
}

export interface SessionScaleOptions {
  /** Numbers of stored sessions to measure at; measured in ascending order. */
  sizes: readonly number[];
  /** Timed lookups per size (a tenth as many untimed ones warm up first). */
  lookups: number;
  /** Where the SQLite file goes; everything written there is removed before returning. */
  dataDir: string;
  /** A PostgreSQL URL to measure on too (in a schema of its own, dropped afterwards), or null. */
  postgresUrl: string | null;
  log?: (line: string) => void;
}

/** Sessions are spread over this many users. */
const USERS = 1000;
/** Rows per INSERT statement (and per transaction) while filling. */
const CHUNK = 1_000_000;
const DAY_MS = 86_400_000;
// FILL_ORDER: each chunk is inserted sorted by hash. The primary-key index then takes a chunk's keys
// in one pass over its pages instead of at random, which keeps filling 10 M rows to a couple of
// minutes (unsorted, PostgreSQL slows from 12 s to 21 s per million as the index outgrows its
// buffers). Chunks still land all over the existing index, so it is not a freshly built, packed one.

/** The stored hash of session number `n` (the same expression the databases evaluate in bulk). */
export function sessionHash(n: number): string {
  return createHash("sha256").update(`bench-session-${n}`).digest("hex");
}

/** A database being grown and measured. */
interface ScaleTarget {
  name: ScaleRow["database"];
  /** Adds sessions `from + 1 … to`, then refreshes the planner's statistics. */
  grow(from: number, to: number): Promise<void>;
  /** A fresh adapter for the lookups, configured as an application would have it. */
  open(): SqlAdapter;
  /** Removes the database (file or schema). */
  dispose(): Promise<void>;
}

export async function measureSessionScale(options: SessionScaleOptions): Promise<ScaleRow[]> {
  const { lookups, dataDir, postgresUrl } = options;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(lookups) || lookups < 1) throw new TypeError("lookups must be a positive integer");
  for (const size of options.sizes) {
    if (!Number.isInteger(size) || size < 1) throw new TypeError(`size ${size} is not a positive integer`);
  }
  const sizes = [...new Set(options.sizes)].sort((a, b) => a - b);

  const makers: Array<() => Promise<ScaleTarget>> = [() => sqliteTarget(dataDir, log)];
  if (postgresUrl !== null) makers.push(() => postgresTarget(postgresUrl, log));

  const rows: ScaleRow[] = [];
  for (const make of makers) {
    const target = await make();
    try {
      let stored = 0;
      for (const size of sizes) {
        const started = performance.now();
        await target.grow(stored, size);
        stored = size;
        const fillSeconds = (performance.now() - started) / 1000;
        log(`${target.name}: filled ${size} sessions in ${fillSeconds.toFixed(1)} s`);

        const adapter = target.open();
        try {
          const latency = await timeLookups(adapter, target.name, size, lookups);
          rows.push({
            database: target.name,
            sessions: size,
            ...latency,
            fillSeconds: round(fillSeconds, 2),
          });
          log(
            `${target.name}: ${size} sessions: p50 ${latency.p50Us} µs, p99 ${latency.p99Us} µs, mean ${latency.meanUs} µs`,
          );
        } finally {
          await adapter.close();
        }
      }
    } finally {
      await target.dispose();
    }
  }
  return rows;
}

async function timeLookups(
  adapter: SqlAdapter,
  database: ScaleRow["database"],
  size: number,
  lookups: number,
): Promise<{ p50Us: number; p99Us: number; meanUs: number }> {
  // A lookup that misses would measure the wrong thing: every drawn hash is stored, so none may.
  const check = (hash: string, found: Awaited<ReturnType<SqlAdapter["getSessionAndUser"]>>): void => {
    if (found === null || found.session.sessionToken !== hash) {
      throw new Error(`${database}: session ${hash} is stored but the lookup found nothing`);
    }
  };
  const draw = (count: number) =>
    Array.from({ length: count }, () => sessionHash(1 + Math.floor(Math.random() * size)));

  for (const hash of draw(Math.ceil(lookups / 10))) check(hash, await adapter.getSessionAndUser(hash));

  const hashes = draw(lookups);
  const micros = new Float64Array(lookups);
  for (let i = 0; i < lookups; i++) {
    const hash = hashes[i]!;
    const started = performance.now();
    const found = await adapter.getSessionAndUser(hash);
    micros[i] = (performance.now() - started) * 1000;
    check(hash, found);
  }
  const sum = micros.reduce((total, each) => total + each, 0);
  return {
    p50Us: round(percentile(micros, 50), 1),
    p99Us: round(percentile(micros, 99), 1),
    meanUs: round(sum / lookups, 1),
  };
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

async function sqliteTarget(dataDir: string, log: (line: string) => void): Promise<ScaleTarget> {
  const path = join(dataDir, `session-scale-${crypto.randomUUID()}.db`);
  const remove = () => {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${path}${suffix}`, { force: true });
  };
  const expiresBase = Date.now() + 30 * DAY_MS;
  try {
    const adapter = createSqliteAdapter(path);
    try {
      await migrate(adapter.db);
    } finally {
      await adapter.close();
    }
    withRawSqlite(path, (db) => {
      db.prepare(
        `WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k < ?)
         INSERT INTO gh_users (id, name, email) SELECT 'bench-user-' || k, 'Bench user ' || k, 'bench-user-' || k || '@example.test' FROM k`,
      ).run(USERS - 1);
    });
  } catch (error) {
    remove();
    throw error;
  }
  log(`SQLite: database ${path}`);

  return {
    name: "SQLite",
    async grow(from, to) {
      // A raw handle of its own: a large page cache for the fill, without leaving it on the
      // connection the lookups use (that one keeps the adapter's defaults).
      withRawSqlite(path, (db) => {
        db.exec("PRAGMA cache_size = -1048576");
        db.function("bench_session_hash", { deterministic: true }, (n) => sessionHash(Number(n)));
        // node:sqlite binds JS numbers as REAL: the casts keep row numbers (and so user ids) integers.
        const insert = db.prepare(
          `WITH RECURSIVE seq(n) AS (SELECT CAST(? AS INTEGER) UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
           INSERT INTO gh_sessions (session_token_hash, user_id, expires)
           SELECT bench_session_hash(n) AS hash, 'bench-user-' || (n % ${USERS}), CAST(? AS INTEGER) + (n % ${DAY_MS})
           FROM seq ORDER BY hash`,
        );
        for (let start = from + 1; start <= to; start += CHUNK) {
          const end = Math.min(to, start + CHUNK - 1);
          db.exec("BEGIN");
          try {
            insert.run(start, end, expiresBase);
            db.exec("COMMIT");
          } catch (error) {
            db.exec("ROLLBACK");
            throw error;
          }
          if (to - from > CHUNK) log(`SQLite: … ${end} of ${to} sessions`);
        }
        db.exec("ANALYZE");
        db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
      });
    },
    open: () => createSqliteAdapter(path),
    async dispose() {
      remove();
    },
  };
}

function withRawSqlite(path: string, run: (db: DatabaseSync) => void): void {
  const db = new DatabaseSync(path);
  try {
    run(db);
  } finally {
    db.close();
  }
}

async function postgresTarget(postgresUrl: string, log: (line: string) => void): Promise<ScaleTarget> {
  const probe = await createPostgresTestSchema("gh_bench_scale", postgresUrl);
  if (!probe.ok) throw new Error(probe.reason);
  const { schema, url: schemaUrl, drop } = probe.value;
  log(`PostgreSQL: schema ${schema}`);
  const fill = new pg.Client({ connectionString: schemaUrl, connectionTimeoutMillis: 10_000 });
  fill.on("error", () => {});
  const dispose = async () => {
    try {
      await fill.end().catch(() => {});
    } finally {
      await drop();
    }
  };

  try {
    const adapter = createPostgresAdapter(schemaUrl);
    try {
      await migrate(adapter.db);
    } finally {
      await adapter.close();
    }
    await fill.connect();
    // Room to sort a chunk by hash in memory (see FILL_ORDER).
    await fill.query("SET work_mem = '256MB'");
    await fill.query(
      `INSERT INTO gh_users (id, name, email)
       SELECT 'bench-user-' || k, 'Bench user ' || k, 'bench-user-' || k || '@example.test'
       FROM generate_series(0, $1::int - 1) AS k`,
      [USERS],
    );
    await fill.query("ANALYZE gh_users");
  } catch (error) {
    await dispose();
    throw error;
  }
  const expiresBase = new Date(Date.now() + 30 * DAY_MS);

  return {
    name: "PostgreSQL",
    async grow(from, to) {
      for (let start = from + 1; start <= to; start += CHUNK) {
        const end = Math.min(to, start + CHUNK - 1);
        await fill.query(
          `INSERT INTO gh_sessions (session_token_hash, user_id, expires)
           SELECT encode(sha256(convert_to('bench-session-' || n, 'UTF8')), 'hex') AS hash,
                  'bench-user-' || (n % ${USERS}),
                  $3::timestamptz + (n % 86400) * interval '1 second'
           FROM generate_series($1::bigint, $2::bigint) AS n
           ORDER BY hash`,
          [start, end, expiresBase],
        );
        if (to - from > CHUNK) log(`PostgreSQL: … ${end} of ${to} sessions`);
      }
      // Statistics for the planner, and a vacuum so hint bits and the visibility map are set as on a
      // table in steady state (otherwise the first lookups of each page would write to it).
      await fill.query("VACUUM (ANALYZE) gh_sessions");
    },
    open: () => createPostgresAdapter(schemaUrl),
    dispose,
  };
}
