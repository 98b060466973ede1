import assert from "node:assert/strict";
import { test } from "node:test";
import { hasErrorCode } from "./auth-error.ts";
import { type Failure, isFailure } from "./failure.ts";

test("isFailure tells a Failure from success values of any shape", () => {
  const failure: Failure<"ProviderUnavailable"> = { error: "ProviderUnavailable", cause: "timeout" };
  assert.ok(isFailure(failure));
  assert.ok(isFailure({ error: "AccountNotLinked" }));
  for (const value of ["revoked", null, undefined, 0, { tokens: {} }, { error: 1 }]) {
    assert.equal(isFailure(value), false, String(value));
  }
});

test("hasErrorCode matches an error from outside core by its catalogue code", () => {
  // What a storage adapter throws: its own class, a catalogue code.
  class AdapterError extends Error {
    readonly code = "EmailTaken";
  }
  assert.ok(hasErrorCode(new AdapterError("taken"), "EmailTaken"));
  assert.ok(!hasErrorCode(new AdapterError("taken"), "Conflict"));
  assert.ok(!hasErrorCode(new Error("EmailTaken"), "EmailTaken"), "never by message");
  assert.ok(!hasErrorCode(undefined, "EmailTaken"));
});
