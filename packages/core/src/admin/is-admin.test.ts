import assert from "node:assert/strict";
import { test } from "node:test";
import { resolveAdmin } from "../config/resolve-admin.ts";
import { ConfigError } from "../errors/config-error.ts";
import { isAdmin } from "./is-admin.ts";

const verified = new Date("2026-01-01T00:00:00Z");
const user = (fields: {
  email?: string | null;
  emailVerified?: Date | null;
  role?: string | null;
  disabledAt?: Date | null;
}) =>
  ({
    email: "ada@example.com",
    emailVerified: verified,
    role: null,
    disabledAt: null,
    ...fields,
  }) as Parameters<typeof isAdmin>[0];

test("the admin role makes an administrator; another role or none does not", () => {
  assert.equal(isAdmin(user({ role: "admin" })), true);
  assert.equal(isAdmin(user({ role: "support" })), false);
  assert.equal(isAdmin(user({ role: "Admin" })), false, "roles are compared exactly");
  assert.equal(isAdmin(user({})), false);
  assert.equal(isAdmin(null), false);
});

test("a bootstrap address counts only verified, in any letter case", () => {
  const admin = resolveAdmin({ bootstrapEmails: ["ADA@Example.com"] });
  assert.equal(isAdmin(user({}), admin), true);
  assert.equal(isAdmin(user({ email: "Ada@EXAMPLE.com" }), admin), true);
  assert.equal(isAdmin(user({ emailVerified: null }), admin), false, "anyone can sign up with an address");
  assert.equal(isAdmin(user({ email: "bob@example.com" }), admin), false);
  assert.equal(isAdmin(user({ email: null }), admin), false);
  // An app passing the option as given works the same.
  assert.equal(isAdmin(user({}), { bootstrapEmails: ["ada@EXAMPLE.com"] }), true);
});

test("a disabled user is never an administrator, by role or by address", () => {
  const disabledAt = new Date();
  assert.equal(isAdmin(user({ role: "admin", disabledAt })), false);
  assert.equal(isAdmin(user({ disabledAt }), { bootstrapEmails: ["ada@example.com"] }), false);
});

test("admin options: admin is always a role, addresses are normalised, misuse throws at start-up", () => {
  assert.deepEqual(resolveAdmin(undefined), { bootstrapEmails: [], roles: ["admin"] });
  assert.deepEqual(resolveAdmin({ roles: ["support", "admin", "support"] }).roles, ["admin", "support"]);
  assert.deepEqual(
    resolveAdmin({ bootstrapEmails: [" Ops@Example.com ", "ops@example.com"] }).bootstrapEmails,
    ["ops@example.com"],
  );
  for (const bad of [
    "admin",
    { bootstrapEmails: "ops@example.com" },
    { bootstrapEmails: ["not an address"] },
    { roles: "admin" },
    { roles: ["Support Team"] },
    { roles: [""] },
    { roles: [42] },
  ]) {
    assert.throws(() => resolveAdmin(bad), ConfigError, JSON.stringify(bad));
  }
});
