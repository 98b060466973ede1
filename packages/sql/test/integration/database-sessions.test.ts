import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { databaseSessionsApp, garbageCookieCase } from "../../../core/test/support/database-sessions.ts";
import { sessionOf } from "../../../core/test/support/flows.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

// What database sessions ask of SQL itself. The rest of their behaviour is core's:
// packages/core/test/database-sessions.test.ts.
for (const kind of await databasesFor("database sessions")) {
  describe(`database sessions on ${kind.name}`, () => {
    let db: TestDatabase;
    before(async () => {
      db = await kind.open();
    });
    after(() => db.close());
    const sessions = databaseSessionsApp(() => db.adapter);
    const { signedIn } = sessions;

    test("revocation is immediate: deleting the row in SQL signs the browser out at once", async () => {
      const { app, hash } = await signedIn();
      assert.ok((await sessionOf(app)).user);
      await db.adapter.db.kysely.deleteFrom("gh_sessions").where("session_token_hash", "=", hash).execute();
      assert.deepEqual(await sessionOf(app), {});
    });

    garbageCookieCase(sessions);
  });
}
