import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { parseDatabaseUrl } from "@gatehouse/sql";
import { describeTarget, openDatabase } from "./database.ts";
import { migratedSqlite } from "./testing/migrated-sqlite.ts";

describe("openDatabase", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "gatehouse-web-db-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const migratedFile = (file: string, change?: string) => migratedSqlite(dir, file, change);

  it("migrate: creates the folder and the schema, then finds nothing to do", async () => {
    const path = join(dir, "nested", "data", "gatehouse.db");
    const lines: string[] = [];
    const first = await openDatabase({ url: `sqlite:${path}`, schema: "migrate", log: (l) => lines.push(l) });
    await first.close();
    const second = await openDatabase({
      url: `sqlite:${path}`,
      schema: "migrate",
      log: (l) => lines.push(l),
    });
    await second.close();
    assert.deepEqual(lines, [
      `database: SQLite file ${path} (applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; schema version 9)`,
      `database: SQLite file ${path} (schema version 9, up to date)`,
    ]);
  });

  it("check: accepts a current schema", async () => {
    const path = await migratedFile("current.db");
    const lines: string[] = [];
    const adapter = await openDatabase({ url: path, schema: "check", log: (l) => lines.push(l) });
    await adapter.close();
    assert.deepEqual(lines, [`database: SQLite file ${path}`]);
  });

  it("check: refuses a missing file without creating it, and says to run npm run migrate", async () => {
    const path = join(dir, "absent", "gatehouse.db");
    await assert.rejects(
      openDatabase({ url: `sqlite:${path}`, schema: "check", log: () => {} }),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message ===
          `Gatehouse web app: there is no database at ${path}. Run \`npm run migrate\` to create it, or set DATABASE_URL.`,
    );
    assert.equal(existsSync(join(dir, "absent")), false);
  });

  it("check: refuses an empty database (no schema), saying to run npm run migrate", async () => {
    const path = join(dir, "empty.db");
    await writeFile(path, "");
    await assert.rejects(
      openDatabase({ url: path, schema: "check", log: () => {} }),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message.startsWith(`Gatehouse web app: cannot use the database (SQLite file ${path}).`) &&
        error.message.includes("no Gatehouse schema: run `npm run migrate`"),
    );
  });

  for (const schema of ["check", "migrate"] as const) {
    it(`${schema}: refuses a newer schema (version 999)`, async () => {
      const path = await migratedFile(`newer-${schema}.db`, "update gh_schema set version = 999");
      await assert.rejects(
        openDatabase({ url: path, schema, log: () => {} }),
        /database schema is version 999 but this Gatehouse knows up to 9: upgrade Gatehouse/,
      );
    });

    it(`${schema}: refuses an unversioned schema`, async () => {
      const path = await migratedFile(`unknown-${schema}.db`, "delete from gh_schema");
      await assert.rejects(
        openDatabase({ url: path, schema, log: () => {} }),
        /Gatehouse tables but no schema version/,
      );
    });
  }

  it("says in words why a SQLite path cannot be used: a folder, a file that is no database", async () => {
    const folder = join(dir, "a-folder");
    await mkdir(folder);
    const other = join(dir, "notes.txt");
    await writeFile(
      other,
      "not a database, just some text that is long enough to have a header\n".repeat(20),
    );
    for (const [path, words] of [
      [
        folder,
        "[driver code 14: cannot open the file (a folder, or no permission to the file or its folder)]",
      ],
      [other, "[driver code 26: the file is not a SQLite database]"],
    ] as const) {
      await assert.rejects(
        openDatabase({ url: `sqlite:${path}`, schema: "migrate", log: () => {} }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.startsWith(`Gatehouse web app: cannot use the database (SQLite file ${path}).`) &&
          error.message.endsWith(words),
      );
    }
  });

  it("says when PostgreSQL cannot be reached, without the password", async () => {
    await assert.rejects(
      openDatabase({ url: "postgres://app:hunter2@127.0.0.1:1/gatehouse", schema: "check", log: () => {} }),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message.includes("cannot use the database (PostgreSQL at 127.0.0.1:1/gatehouse)") &&
        error.message.includes("unavailable") &&
        !error.message.includes("hunter2"),
    );
  });
});

describe("describeTarget", () => {
  it("names the place without credentials", () => {
    assert.equal(
      describeTarget(parseDatabaseUrl("postgres://app:secret@db.internal/gatehouse?sslmode=require")),
      "PostgreSQL at db.internal:5432/gatehouse",
    );
    assert.equal(describeTarget(parseDatabaseUrl("sqlite:/srv/x.db")), "SQLite file /srv/x.db");
    assert.equal(describeTarget(parseDatabaseUrl("sqlite::memory:")), "SQLite in memory");
  });
});
