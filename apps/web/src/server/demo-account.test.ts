import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { verifyPassword } from "@gatehouse/core";
import type { SqlAdapter } from "@gatehouse/sql";
import { openDatabase } from "./database.ts";
import { DEMO_EMAIL, seedDemoAccount } from "./demo-account.ts";

describe("seedDemoAccount", () => {
  let adapter: SqlAdapter;
  before(async () => {
    adapter = await openDatabase({ url: "sqlite::memory:", schema: "migrate", log: () => {} });
  });
  after(() => adapter.close());

  const storedHash = async () => {
    const user = await adapter.getUserByEmail(DEMO_EMAIL);
    assert.ok(user);
    return adapter.getPasswordHash(user.id);
  };

  it("creates demo@example.test, verified, with a random password that is stored only hashed", async () => {
    const demo = await seedDemoAccount(adapter);
    assert.equal(demo.email, "demo@example.test");
    assert.match(demo.password, /^[A-Za-z0-9_-]{16}$/);
    const user = await adapter.getUserByEmail(DEMO_EMAIL);
    assert.equal(user?.name, "Demo User");
    assert.ok(user?.emailVerified instanceof Date);
    const hash = await storedHash();
    assert.match(hash ?? "", /^\$argon2id\$/);
    assert.equal((await verifyPassword(demo.password, hash ?? "")).ok, true);
  });

  it("on the next start keeps the user (id, name, sessions) and replaces only the password", async () => {
    const before = await adapter.getUserByEmail(DEMO_EMAIL);
    assert.ok(before);
    await adapter.updateUser({ id: before.id, name: "Renamed", emailVerified: null });
    const session = await adapter.createSession({
      sessionToken: "demo-session",
      userId: before.id,
      expires: new Date(Date.now() + 3600_000),
    });

    const first = await storedHash();
    const demo = await seedDemoAccount(adapter, { random: (size) => new Uint8Array(size).fill(7) });
    assert.equal(demo.password, Buffer.from(new Uint8Array(12).fill(7)).toString("base64url"));

    const user = await adapter.getUserByEmail(DEMO_EMAIL);
    assert.equal(user?.id, before.id);
    assert.equal(user?.name, "Renamed");
    // Sign-in requires a verified address, so seeding verifies it again.
    assert.ok(user?.emailVerified instanceof Date);
    const hash = await storedHash();
    assert.notEqual(hash, first);
    assert.equal((await verifyPassword(demo.password, hash ?? "")).ok, true);
    assert.ok(await adapter.getSessionAndUser(session.sessionToken), "the demo user's sessions survive");
  });
});
