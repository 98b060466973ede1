import { after, before, describe } from "node:test";
import { recordingLogger } from "../../../core/test/support/flows.ts";
import {
  type App,
  backchannelStorageCases,
  type LogoutProviders,
  logoutHandler,
  startApp,
  startLogoutProviders,
} from "../../../core/test/support/logout.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

// The logout tokens whose effect depends on what SQL keeps: the ID token's sid in gh_accounts, the
// user's rows in gh_sessions. The rest of logout is core's: packages/core/test/logout.test.ts.
const kinds = await databasesFor("provider logout");

describe("RP-initiated and back-channel logout against a real oidc-provider", () => {
  let app: App;
  let providers: LogoutProviders;
  before(async () => {
    app = await startApp();
    providers = await startLogoutProviders(app.origin);
  });
  after(async () => {
    app.server.closeAllConnections();
    app.server.close();
    await providers.close();
  });

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      let handler: (request: Request) => Promise<Response>;
      before(async () => {
        db = await kind.open();
        handler = logoutHandler({
          origin: app.origin,
          providers,
          adapter: db.adapter,
          logger: recordingLogger(),
        });
        app.use(handler);
      });
      after(() => db.close());

      describe("logout tokens posted to the endpoint", () => {
        backchannelStorageCases({
          app: () => app,
          providers: () => providers,
          handler: () => handler,
          adapter: () => db.adapter,
          sessionsOf: async (userId) => (await db.sessions()).filter((s) => s.userId === userId).length,
        });
      });
    });
  }
});
