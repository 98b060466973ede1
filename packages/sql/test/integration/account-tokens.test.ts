import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AdapterAccount } from "@gatehouse/core";
import { databasesFor, type TestDatabase } from "./databases.ts";

// The adapter extensions behind getAccessToken, on their own: the row lock, the rollback, the writes.
for (const kind of await databasesFor("account tokens")) {
  describe(`account token storage on ${kind.name}`, () => {
    let db: TestDatabase;
    before(async () => {
      db = await kind.open();
    });
    after(() => db.close());

    async function linked(name: string): Promise<AdapterAccount> {
      const user = await db.adapter.createUser({ email: `${name}@example.test`, emailVerified: null });
      const account: AdapterAccount = {
        userId: user.id,
        type: "oidc",
        provider: "dev",
        providerAccountId: name,
        access_token: "old-access",
        refresh_token: "old-refresh",
        expires_at: 100,
        token_type: "bearer",
        scope: "openid",
        id_token: "id",
      };
      await db.adapter.linkAccount(account);
      return account;
    }

    test("getAccountByUserId finds the user's account at a provider, and nothing else", async () => {
      const account = await linked("finder");
      assert.deepEqual(await db.adapter.getAccountByUserId(account.userId, "dev"), {
        ...account,
        session_state: null,
      });
      assert.equal(await db.adapter.getAccountByUserId(account.userId, "other"), null);
      assert.equal(await db.adapter.getAccountByUserId(crypto.randomUUID(), "dev"), null);
    });

    test("updateAccountTokens writes given fields, clears nulls, keeps absent ones", async () => {
      const account = await linked("updater");
      const key = { provider: "dev", providerAccountId: "updater" };
      assert.equal(
        await db.adapter.updateAccountTokens(key, { access_token: "new", refresh_token: null }),
        true,
      );
      const after = await db.adapter.getAccountByUserId(account.userId, "dev");
      assert.deepEqual(
        [after?.access_token, after?.refresh_token, after?.expires_at, after?.id_token],
        ["new", null, 100, "id"],
      );
      assert.equal(
        await db.adapter.updateAccountTokens({ provider: "dev", providerAccountId: "nobody" }, {}),
        false,
      );
    });

    test("concurrent refreshes from two adapters run one at a time and the second sees the first's write", async () => {
      const account = await linked("locked");
      const key = { provider: "dev", providerAccountId: "locked" };
      const other = db.connect();
      let calls = 0;
      let inside = 0;
      const refresh = async (current: AdapterAccount) => {
        inside++;
        assert.equal(inside, 1, "never two refreshes inside the lock at once");
        // Yield to the event loop (as a real token request does) while holding the lock.
        await new Promise((resolve) => setTimeout(resolve, 20));
        inside--;
        if (current.access_token !== "old-access") return null;
        calls++;
        return { access_token: "fresh-access", refresh_token: "rotated", expires_at: 999 };
      };
      const rows = await Promise.all([
        db.adapter.refreshAccountTokens(key, refresh),
        other.refreshAccountTokens(key, refresh),
        db.adapter.refreshAccountTokens(key, refresh),
        other.refreshAccountTokens(key, refresh),
      ]);
      assert.equal(calls, 1);
      for (const row of rows) assert.equal(row?.access_token, "fresh-access");
      const stored = await db.adapter.getAccountByUserId(account.userId, "dev");
      assert.deepEqual(
        [stored?.access_token, stored?.refresh_token, stored?.expires_at],
        ["fresh-access", "rotated", 999],
      );
    });

    test("a refresh that throws rolls back and rejects with its own error; the connection stays usable", async () => {
      const account = await linked("thrower");
      const key = { provider: "dev", providerAccountId: "thrower" };
      const boom = new Error("provider exploded");
      await assert.rejects(
        db.adapter.refreshAccountTokens(key, async () => {
          throw boom;
        }),
        (error) => error === boom,
      );
      const row = await db.adapter.refreshAccountTokens(key, async () => ({ access_token: "after" }));
      assert.equal(row?.access_token, "after");
      assert.equal((await db.adapter.getAccountByUserId(account.userId, "dev"))?.access_token, "after");
    });

    test("refreshAccountTokens of an unknown account is null and never calls refresh", async () => {
      let called = false;
      const row = await db.adapter.refreshAccountTokens(
        { provider: "dev", providerAccountId: "ghost" },
        async () => {
          called = true;
          return null;
        },
      );
      assert.equal(row, null);
      assert.equal(called, false);
    });
  });
}
