import assert from "node:assert/strict";
import { test } from "node:test";
import { createSqlAdapter, parseDatabaseUrl } from "../src/create-sql-adapter.ts";
import { migrate } from "../src/migrate.ts";

test("parseDatabaseUrl tells PostgreSQL URLs from SQLite paths", () => {
  assert.deepEqual(parseDatabaseUrl("postgres://u@h/db"), { dialect: "postgres", url: "postgres://u@h/db" });
  assert.deepEqual(parseDatabaseUrl("postgresql://u@h/db"), {
    dialect: "postgres",
    url: "postgresql://u@h/db",
  });
  assert.deepEqual(parseDatabaseUrl("sqlite:.data/gh.db"), { dialect: "sqlite", path: ".data/gh.db" });
  assert.deepEqual(parseDatabaseUrl("sqlite:///var/gh.db"), { dialect: "sqlite", path: "/var/gh.db" });
  assert.deepEqual(parseDatabaseUrl("sqlite::memory:"), { dialect: "sqlite", path: ":memory:" });
  assert.deepEqual(parseDatabaseUrl(":memory:"), { dialect: "sqlite", path: ":memory:" });
  assert.deepEqual(parseDatabaseUrl("./gh.db"), { dialect: "sqlite", path: "./gh.db" });
});

test("parseDatabaseUrl rejects an empty URL and unknown schemes without echoing credentials", () => {
  assert.throws(() => parseDatabaseUrl(" "), TypeError);
  assert.throws(() => parseDatabaseUrl("sqlite:"), TypeError);
  assert.throws(
    () => parseDatabaseUrl("mysql://root:hunter2@db/app"),
    (error) =>
      error instanceof TypeError && /"mysql:"/.test(error.message) && !error.message.includes("hunter2"),
  );
});

test("createSqlAdapter opens the database the URL names", async () => {
  const adapter = createSqlAdapter({ url: "sqlite::memory:" });
  assert.equal(adapter.db.dialect, "sqlite");
  await migrate(adapter.db);
  const user = await adapter.createUser({ email: "url@example.test", emailVerified: null });
  assert.equal((await adapter.getUserByEmail("url@example.test"))?.id, user.id);
  await adapter.close();
});
