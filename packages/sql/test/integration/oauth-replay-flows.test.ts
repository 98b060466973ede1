import { oauthReplaySuite } from "../../../core/test/support/oauth-replay-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's replay suite on each database: flows are spent in the SQL rate-limit store, which every
// instance on the database shares; `another` is a second adapter with its own pool or file handle.
for (const kind of await databasesFor("oauth replay flows")) {
  oauthReplaySuite(`one OAuth callback, one session, on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, another: () => db.connect(), close: () => db.close() };
  });
}
