import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import {
  createPostgresTestSchema,
  POSTGRES_TEST_URL,
  postgresUnavailable,
} from "@gatehouse/adapter-conformance";
import pg from "pg";
import { measureSessionScale, type ScaleRow, sessionHash } from "./session-scale.ts";

const SIZES = [1000, 20_000];
const LOOKUPS = 200;

// PostgreSQL is measured when it answers; otherwise a stand-in skips with the reason (fails in CI),
// as the storage package's own PostgreSQL suites do.
const probe = await createPostgresTestSchema("gh_bench_probe");
if (probe.ok) await probe.value.drop();
else postgresUnavailable("session scale on PostgreSQL", probe.reason);

function assertRows(rows: ScaleRow[], database: ScaleRow["database"]): void {
  const mine = rows.filter((row) => row.database === database);
  assert.deepEqual(
    mine.map((row) => row.sessions),
    SIZES,
  );
  for (const row of mine) {
    for (const value of [row.p50Us, row.p99Us, row.meanUs]) {
      assert.ok(Number.isFinite(value) && value > 0, `${database} ${row.sessions}: latency ${value}`);
    }
    assert.ok(row.p50Us <= row.p99Us, `${database} ${row.sessions}: p50 above p99`);
    assert.ok(Number.isFinite(row.fillSeconds) && row.fillSeconds >= 0);
  }
}

async function run(postgresUrl: string | null): Promise<{ rows: ScaleRow[]; lines: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-session-scale-"));
  const lines: string[] = [];
  try {
    // Sizes out of order: they are measured ascending all the same.
    const rows = await measureSessionScale({
      sizes: [...SIZES].reverse(),
      lookups: LOOKUPS,
      dataDir,
      postgresUrl,
      log: (line) => lines.push(line),
    });
    assert.deepEqual(readdirSync(dataDir), [], "the SQLite files are removed");
    return { rows, lines };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

test("session hashes are SHA-256 hex, as Gatehouse stores them", () => {
  assert.match(sessionHash(1), /^[0-9a-f]{64}$/);
  assert.notEqual(sessionHash(1), sessionHash(2));
});

test("session scale on SQLite: a row per size, and nothing left in the data dir", async () => {
  const { rows, lines } = await run(null);
  assert.equal(rows.length, SIZES.length);
  assertRows(rows, "SQLite");
  assert.ok(lines.some((line) => line.startsWith("SQLite: filled 20000 sessions in ")));
});

if (probe.ok) {
  test("session scale on PostgreSQL: a row per size, and the schema is dropped", async () => {
    const { rows, lines } = await run(POSTGRES_TEST_URL);
    assert.equal(rows.length, 2 * SIZES.length);
    assertRows(rows, "SQLite");
    assertRows(rows, "PostgreSQL");

    const schemas = lines.flatMap((line) => /^PostgreSQL: schema (\w+)$/.exec(line)?.[1] ?? []);
    assert.equal(schemas.length, 1);
    const client = new pg.Client({ connectionString: POSTGRES_TEST_URL });
    await client.connect();
    try {
      const { rowCount } = await client.query("select 1 from pg_namespace where nspname = $1", [schemas[0]]);
      assert.equal(rowCount, 0, `schema ${schemas[0]} is dropped`);
    } finally {
      await client.end();
    }
  });
}
