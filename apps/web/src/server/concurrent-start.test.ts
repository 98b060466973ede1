/**
 * Issue 22, item 7: two instances starting at once on an empty database. In development the web
 * app migrates at start, and the second start read the first's half-made schema ("Gatehouse tables
 * but no schema version", PostgreSQL) or found the new SQLite file locked (SQLITE_BUSY): one of the
 * two refused to start. Migrations hold a lock now; both start.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createPostgresTestSchema, postgresUnavailable } from "@gatehouse/adapter-conformance";
import { createSqlAdapter } from "@gatehouse/sql";
import { startWebApp } from "./start.ts";

const CHILD = new URL("./testing/start-and-stop.ts", import.meta.url).pathname;
const APPLIED =
  "applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; schema version 9";

/** A development start of the web app in a process of its own; its exit code and log. */
async function startInChild(dataDir: string): Promise<{ status: number | null; log: string }> {
  const child = spawn(process.execPath, ["--conditions=gatehouse-source", CHILD, dataDir], {
    // Development, the default SQLite file under the data folder, nothing from this environment.
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk: Buffer) => {
      log += chunk.toString();
    });
  }
  const [status] = (await once(child, "exit")) as [number | null];
  return { status, log };
}

/** The database line of each start: one migrated, the others found the schema current. */
function assertOneMigrated(databaseLines: string[]): void {
  assert.equal(databaseLines.filter((line) => line.includes(APPLIED)).length, 1, databaseLines.join("\n"));
  assert.equal(
    databaseLines.filter((line) => line.endsWith("(schema version 9, up to date)")).length,
    databaseLines.length - 1,
    databaseLines.join("\n"),
  );
}

describe("development starts at once on an empty SQLite database", () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "gatehouse-concurrent-start-"));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  it("two instances starting at once on one new data folder both start; one migrates", async () => {
    const starts = await Promise.all([startInChild(dataDir), startInChild(dataDir)]);
    for (const start of starts) assert.equal(start.status, 0, start.log);
    assertOneMigrated(
      starts.map(({ log }) => log.split("\n").find((line) => line.startsWith("database: ")) ?? ""),
    );
  });
});

const postgres = await createPostgresTestSchema("gh_web_concurrent");
if (!postgres.ok) {
  postgresUnavailable("development starts at once on an empty PostgreSQL schema", postgres.reason);
} else {
  const { url, drop, schema } = postgres.value;
  describe("development starts at once on an empty PostgreSQL schema", () => {
    let dataDir: string;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), "gatehouse-concurrent-start-pg-"));
    });
    after(async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("an instance starting while another migrates the empty schema (it refused: tables but no schema version) starts; one migrates", async () => {
      const logs: string[][] = [[], []];
      const start = (lines: string[]) =>
        startWebApp({
          env: { DATABASE_URL: url },
          dataDir,
          staticDir: dataDir,
          port: 0,
          log: (line) => lines.push(line),
        });
      const first = start(logs[0]!);
      // Kysely commits its bookkeeping table before the migrations' transaction: once it shows, the
      // first instance is mid-migration, and the second one starts then.
      const probe = createSqlAdapter({ url });
      const tables = probe.db.kysely.withTables<{
        "pg_catalog.pg_tables": { schemaname: string; tablename: string };
      }>();
      const bookkeeping = () =>
        tables
          .selectFrom("pg_catalog.pg_tables")
          .select("tablename")
          .where("schemaname", "=", schema)
          .where("tablename", "=", "gh_migration")
          .executeTakeFirst();
      while ((await bookkeeping()) === undefined) await new Promise((resolve) => setImmediate(resolve));
      await probe.close();
      const webs = await Promise.all([first, start(logs[1]!)]);
      await Promise.all(webs.map((web) => web.close()));
      assertOneMigrated(logs.map((lines) => lines.find((line) => line.startsWith("database: ")) ?? ""));
    });
  });
}
