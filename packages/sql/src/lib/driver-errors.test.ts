import assert from "node:assert/strict";
import { test } from "node:test";
import { FAIL_FAST_CODE, toStorageError } from "./driver-errors.ts";

/** An error as pg raises it: a message, and for a server error its SQLSTATE as `code`. */
function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

test("every way PostgreSQL goes away or times out is StorageUnavailable (503), with a driver code that says which", () => {
  const cases: [Error, string][] = [
    [pgError("terminating connection due to administrator command", "57P01"), "57P01"],
    [pgError("terminating connection due to crash of another server process", "57P02"), "57P02"],
    [pgError("the database system is starting up", "57P03"), "57P03"],
    [pgError("canceling statement due to statement timeout", "57014"), "57014"],
    [pgError("terminating connection due to idle-in-transaction timeout", "25P03"), "25P03"],
    [pgError("connection failure", "08006"), "08006"],
    [pgError("sorry, too many clients already", "53300"), "53300"],
    [pgError("read ECONNRESET", "ECONNRESET"), "ECONNRESET"],
    [pgError("connect ETIMEDOUT", "ETIMEDOUT"), "ETIMEDOUT"],
    [pgError("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), "ECONNREFUSED"],
    [pgError("Connection terminated unexpectedly"), "CONNECTION_LOST"],
    [pgError("Client has encountered a connection error and is not queryable"), "CONNECTION_LOST"],
    [pgError("Postgres connection has been discarded"), "CONNECTION_LOST"],
    [pgError("Connection terminated due to connection timeout"), "CONNECT_TIMEOUT"],
    [pgError("timeout expired"), "CONNECT_TIMEOUT"],
    [pgError("timeout exceeded when trying to connect"), "POOL_TIMEOUT"],
    [pgError("Query read timeout"), "QUERY_TIMEOUT"],
    [pgError("Cannot use a pool after calling end on the pool"), "POOL_ENDED"],
    [pgError("the database failed to connect or answer a moment ago", FAIL_FAST_CODE), "FAIL_FAST"],
  ];
  for (const [error, driverCode] of cases) {
    const mapped = toStorageError(error, "getUser");
    assert.equal(mapped.code, "StorageUnavailable", error.message);
    assert.equal(mapped.driverCode, driverCode, error.message);
  }
  // Happy-eyeballs connects fail with an AggregateError of each address's error.
  const both = new AggregateError([pgError("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "");
  assert.equal(toStorageError(both, "getUser").driverCode, "ECONNREFUSED");
});

test("a statement the server refused is StorageFailed, not a reason to retry", () => {
  const mapped = toStorageError(pgError('relation "app_orders" does not exist', "42P01"), "getUser");
  assert.equal(mapped.code, "StorageFailed");
  assert.equal(toStorageError(new Error("something else"), "getUser").code, "StorageFailed");
});

test("a missing Gatehouse table (never migrated) is SchemaMismatch, naming the table and the commands that create it", () => {
  const sqlite = Object.assign(new Error("no such table: gh_users"), {
    code: "ERR_SQLITE_ERROR",
    errcode: 1,
  });
  for (const error of [pgError('relation "gh_users" does not exist', "42P01"), sqlite]) {
    const mapped = toStorageError(error, "getUser");
    assert.equal(mapped.code, "SchemaMismatch", error.message);
    assert.equal(mapped.constraint, "gh_users");
    assert.match(mapped.message, /no Gatehouse schema \(table gh_users is missing\)/);
    assert.match(mapped.message, /npx gatehouse-migrate/);
    assert.match(mapped.message, /npm run migrate/);
  }
});
