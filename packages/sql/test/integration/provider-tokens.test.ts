import { after, before, describe } from "node:test";
import {
  startTokenProvider,
  type TokenProvider,
  twoInstanceRefreshCase,
} from "../../../core/test/support/provider-tokens.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

// The refresh that only the database's row lock keeps single-flight: two app instances, each with its
// own pool or file handle. The rest of provider tokens is core's: packages/core/test/provider-tokens.test.ts.
const kinds = await databasesFor("provider tokens");

describe("provider tokens: refresh, sealing, revocation (dev provider, SQL adapter)", () => {
  let provider: TokenProvider;
  before(async () => {
    provider = await startTokenProvider();
  });
  after(() => provider.op.close());

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      before(async () => {
        db = await kind.open();
      });
      after(() => db.close());

      twoInstanceRefreshCase({
        provider: () => provider,
        adapter: () => db.adapter,
        second: () => db.connect(),
        row: async (sub) => {
          const row = await db.adapter.db.kysely
            .selectFrom("gh_accounts")
            .selectAll()
            .where("provider", "=", "dev")
            .where("provider_account_id", "=", sub)
            .executeTakeFirst();
          return row && { userId: row.user_id, access_token: row.access_token };
        },
        name: `Twin ${kind.name}`,
      });
    });
  }
});
