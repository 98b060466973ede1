import { linksSuite } from "../../../core/test/support/links-suite.ts";
import { preAccountSuite } from "../../../core/test/support/pre-account-suite.ts";
import { databasesFor } from "./databases.ts";

// Core's account-takeover suites (issue 22) on each database: the claim of an unverified account is
// one transaction here, the generation a column, and two proofs or bumps race for real row locks.
for (const kind of await databasesFor("takeover flows")) {
  const open = async () => {
    const db = await kind.open();
    return { adapter: db.adapter, close: () => db.close() };
  };
  preAccountSuite(`pre-account hijacking on ${kind.name}`, open);
  linksSuite(`outstanding links and account recovery on ${kind.name}`, open);
}
