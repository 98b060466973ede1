import { accountSuite } from "../../../core/test/support/account-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's account suite on each database: email changes through stored links, unlinking, and the
// user's deletion cascading through every table (sessions and their records included).
for (const kind of await databasesFor("account flows")) {
  accountSuite(`the account endpoints on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  });
}
