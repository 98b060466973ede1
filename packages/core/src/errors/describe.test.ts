import assert from "node:assert/strict";
import { test } from "node:test";
import { AuthError } from "./auth-error.ts";
import { describe } from "./describe.ts";

/** What `@gatehouse/sql` throws: a fixed message, and the driver's reason as `driverCode`. */
function storageError(driverCode: string): Error {
  return Object.assign(new Error("Gatehouse storage (getUser): the database is unavailable"), {
    name: "StorageError",
    driverCode,
  });
}

test("a storage failure is logged with its driver code, which says why the database failed", () => {
  assert.equal(
    describe(new AuthError("StorageUnavailable", { cause: storageError("QUERY_TIMEOUT") })),
    "StorageUnavailable: Gatehouse storage (getUser): the database is unavailable [driver code QUERY_TIMEOUT]",
  );
  assert.equal(
    describe(storageError("57P01")),
    "StorageError: Gatehouse storage (getUser): the database is unavailable [driver code 57P01]",
  );
});

test("other errors are logged as their message alone", () => {
  assert.equal(
    describe(new AuthError("OAuthSignin", { cause: new Error("timed out") })),
    "OAuthSignin: timed out",
  );
  assert.equal(describe(new TypeError("bad")), "TypeError: bad");
  assert.equal(describe("nope"), "unknown error");
});
