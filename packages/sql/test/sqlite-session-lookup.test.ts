/**
 * The prepared session lookup reads its row as an array where node:sqlite can (`setReturnArrays`,
 * Node 24 and 22.16+) and as an object where it cannot (Node 22.13–22.15): both give the same session
 * and user, nulls and dates included.
 */
import assert from "node:assert/strict";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { test } from "node:test";
import { sqliteSessionLookup } from "../src/sqlite/sqlite-session-lookup.ts";

function database(): DatabaseSync {
  const db = new DatabaseSync(":memory:");
  db.exec(`CREATE TABLE gh_users (id TEXT PRIMARY KEY, name TEXT, email TEXT, email_verified INTEGER,
    image TEXT, disabled_at INTEGER, role TEXT, created_at INTEGER NOT NULL, security_generation INTEGER NOT NULL);
  CREATE TABLE gh_sessions (session_token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires INTEGER NOT NULL);`);
  const insert = db.prepare("INSERT INTO gh_users VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
  insert.run("u1", "Ada", "ada@example.com", 1_700_000_000_000, null, null, "admin", 1_600_000_000_000, 3);
  insert.run(
    "u2",
    null,
    null,
    null,
    "https://img.example/b.png",
    1_750_000_000_000,
    null,
    1_650_000_000_000,
    0,
  );
  db.prepare("INSERT INTO gh_sessions VALUES (?, ?, ?)").run("h1", "u1", 1_800_000_000_000);
  db.prepare("INSERT INTO gh_sessions VALUES (?, ?, ?)").run("h2", "u2", 1_810_000_000_000);
  return db;
}

/** The database as node:sqlite before `setReturnArrays`: its statements lack the method. */
function withoutArrays(db: DatabaseSync): DatabaseSync {
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (sql: string) => {
          const statement = target.prepare(sql);
          return { get: (...values: [string]) => statement.get(...values) } as unknown as StatementSync;
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const unused = async () => {
  throw new Error("no transaction is open: the fallback is not used");
};

test("the session lookup reads the same session and user as an array and as an object", async () => {
  const arrays = sqliteSessionLookup(database(), unused);
  const objects = sqliteSessionLookup(withoutArrays(database()), unused);
  for (const hash of ["h1", "h2"]) {
    assert.deepEqual(await arrays(hash), await objects(hash), hash);
  }
  assert.deepEqual(await arrays("h1"), {
    session: { sessionToken: "h1", userId: "u1", expires: new Date(1_800_000_000_000) },
    user: {
      id: "u1",
      name: "Ada",
      email: "ada@example.com",
      emailVerified: new Date(1_700_000_000_000),
      image: null,
      disabledAt: null,
      role: "admin",
      createdAt: new Date(1_600_000_000_000),
      securityGeneration: 3,
    },
  });
  const second = await arrays("h2");
  assert.equal(second?.user.email, null);
  assert.deepEqual(second?.user.disabledAt, new Date(1_750_000_000_000));
  assert.equal(await arrays("unknown"), null);
  assert.equal(await objects("unknown"), null);
});
