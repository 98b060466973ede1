import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { AdapterAccount } from "@gatehouse/core";
import { accountTokenCases, linked } from "../../../core/test/support/account-tokens.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

// The adapter extensions behind getAccessToken, on their own: the row lock, the rollback, the writes.
for (const kind of await databasesFor("account tokens")) {
  describe(`account token storage on ${kind.name}`, () => {
    let db: TestDatabase;
    before(async () => {
      db = await kind.open();
    });
    after(() => db.close());

    accountTokenCases(() => db.adapter);

    test("concurrent refreshes from two adapters run one at a time and the second sees the first's write", async () => {
      const account = await linked(db.adapter, "locked");
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
  });
}
