import { sessionSuite } from "../../../core/test/support/session-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's session suite on each database: the session records, their link to database sessions
// (deleted with them) and the per-user list of live jwt sessions live in SQL here.
for (const kind of await databasesFor("session flows")) {
  sessionSuite(`sessions on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  });
}
