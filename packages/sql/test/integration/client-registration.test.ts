import { after, before, describe } from "node:test";
import type { DevProvider } from "@gatehouse/dev-provider";
import {
  type RegistrationRow,
  registrationStorageCases,
  startRegistrationProvider,
} from "../../../core/test/support/client-registration.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

// What registration keeps in gh_client_registrations, and two app instances each with its own pool
// or file handle on one database. The rest of dynamic registration is core's: packages/core/test.
const kinds = await databasesFor("dynamic client registration");

describe("dynamic client registration (RFC 7591) against a real oidc-provider", () => {
  let op: DevProvider;
  before(async () => {
    op = await startRegistrationProvider();
  });
  after(() => op.close());

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      before(async () => {
        db = await kind.open();
      });
      after(() => db.close());

      // The columns as stored: the metadata column is JSON text.
      const registrations = async (provider: string): Promise<RegistrationRow[]> => {
        const rows = await db.adapter.db.kysely
          .selectFrom("gh_client_registrations")
          .selectAll()
          .where("provider", "=", provider)
          .execute();
        return rows.map((row) => ({
          issuer: row.issuer,
          clientId: row.client_id,
          clientSecret: row.client_secret,
          registrationAccessToken: row.registration_access_token,
          metadata: JSON.parse(row.metadata) as Record<string, unknown>,
        }));
      };

      registrationStorageCases({
        op: () => op,
        adapter: () => db.adapter,
        second: () => db.connect(),
        registrations,
      });
    });
  }
});
