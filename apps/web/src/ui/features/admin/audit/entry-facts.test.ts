import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { entryFacts } from "./entry-facts.ts";

describe("entryFacts", () => {
  it("puts the reason and the method first, and keeps a role change's 'none'", () => {
    assert.deepEqual(entryFacts({ newUser: true, method: "password", reason: "CredentialsSignin" }), [
      { key: "reason", value: "CredentialsSignin" },
      { key: "method", value: "password" },
      { key: "newUser", value: true },
    ]);
    assert.deepEqual(entryFacts({ to: "admin", from: null }), [
      { key: "from", value: null },
      { key: "to", value: "admin" },
    ]);
  });

  it("leaves out internal ids, empty values and anything that is not a plain value", () => {
    assert.deepEqual(entryFacts({ passkeyId: "p1", secondFactor: null, name: "", nested: { a: 1 } }), []);
  });

  it("names a passkey sign-in's passkey once: the method, not again as the second factor", () => {
    assert.deepEqual(entryFacts({ method: "passkey", newUser: false, secondFactor: "passkey" }), [
      { key: "method", value: "passkey" },
    ]);
    assert.deepEqual(entryFacts({ method: "password", secondFactor: "totp" }), [
      { key: "method", value: "password" },
      { key: "secondFactor", value: "totp" },
    ]);
  });

  it("shows a mark only when it is set, but a count or 'all sessions' either way", () => {
    assert.deepEqual(entryFacts({ newUser: false, locked: false, all: false, count: 0 }), [
      { key: "count", value: 0 },
      { key: "all", value: false },
    ]);
  });
});
