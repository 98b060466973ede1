import { abuseSuite } from "../../../core/test/support/abuse-suite.ts";
import { passwordAccountSuite } from "../../../core/test/support/password-suite.ts";
import { twoFactorSuite } from "../../../core/test/support/two-factor-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's password account, abuse and two-factor suites, end to end through the handler, on each database: the
// users, hashes, links, sessions, "valid after" times and rate-limit counters live in SQL here.
for (const kind of await databasesFor("password flows")) {
  const open = async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  };
  passwordAccountSuite(`password accounts on ${kind.name}`, open);
  abuseSuite(`abuse protection on ${kind.name}`, open);
  twoFactorSuite(`two-factor sign-in on ${kind.name}`, open);
}
