import { oauthLinkSuite } from "../../../core/test/support/oauth-link-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's account-linking suite on each database: users, accounts and sessions live in SQL here.
for (const kind of await databasesFor("oauth link flows")) {
  oauthLinkSuite(`account linking follows the flow, not the cookie, on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  });
}
