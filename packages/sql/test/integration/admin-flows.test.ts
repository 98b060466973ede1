import { adminSuite } from "../../../core/test/support/admin-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's admin suite on each database: roles, user search and stats, and every admin action's effect on sessions and the audit log.
for (const kind of await databasesFor("admin flows")) {
  adminSuite(`roles and the admin API on ${kind.name}`, async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  });
}
