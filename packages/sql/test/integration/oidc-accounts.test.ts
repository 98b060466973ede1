import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { databasesFor, type TestDatabase } from "./databases.ts";
import {
  APP,
  errorOf,
  exposeUserId,
  oidcSignIn,
  people,
  recordingLogger,
  SECRET,
  sessionOf,
  sessionTokenSet,
  signIn,
  TestBrowser,
} from "./flows.ts";

const kinds = await databasesFor("OIDC accounts");

describe("OIDC sign-in with the SQL adapter (dev provider)", () => {
  let op: DevProvider;
  before(async () => {
    op = await startDevProvider({
      clients: [
        { client_id: "app", client_secret: "app-secret", redirect_uris: [`${APP}/api/auth/callback/dev`] },
        {
          client_id: "trusting",
          client_secret: "trusting-secret",
          redirect_uris: [`${APP}/api/auth/callback/trusting`],
        },
      ],
    });
  });
  after(() => op.close());

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      let handler: (request: Request) => Promise<Response>;
      const logger = recordingLogger();
      const ada = { id: crypto.randomUUID(), name: "Ada", email: "ada@example.test" };

      before(async () => {
        db = await kind.open();
        handler = gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: db.adapter,
          providers: [
            OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
            OIDC({
              id: "trusting",
              name: "Trusting",
              issuer: op.issuer,
              clientId: "trusting",
              clientSecret: "trusting-secret",
              allowDangerousEmailAccountLinking: true,
            }),
            people({ ada }),
          ],
          callbacks: exposeUserId,
          logger,
        }).handler;
      });
      after(() => db.close());

      async function counts() {
        return { users: await db.count("gh_users"), accounts: await db.count("gh_accounts") };
      }

      async function account(provider: string, providerAccountId: string) {
        return db.adapter.db.kysely
          .selectFrom("gh_accounts")
          .selectAll()
          .where("provider", "=", provider)
          .where("provider_account_id", "=", providerAccountId)
          .executeTakeFirst();
      }

      test("first sign-in creates user and account with the tokens; the second finds them again", async () => {
        const before = await counts();
        const first = new TestBrowser(handler);
        const done = await oidcSignIn(first, op, "dev", "Grace Hopper");
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
        assert.deepEqual(await counts(), { users: before.users + 1, accounts: before.accounts + 1 });

        const row = await account("dev", "grace hopper");
        assert.ok(row, "account keyed by the provider's sub");
        assert.equal(row.type, "oidc");
        // Provider tokens are sealed at rest (a compact JWE behind `gh.enc.`), never stored in plaintext.
        assert.match(
          row.id_token ?? "",
          /^gh\.enc\.[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/,
          "ID token stored, sealed",
        );
        assert.match(row.access_token ?? "", /^gh\.enc\./, "access token sealed");
        assert.match(row.token_type ?? "", /^bearer$/i);
        assert.ok(Number(row.expires_at) > Date.now() / 1000, "expires_at in epoch seconds, in the future");
        assert.match(row.scope ?? "", /openid/);
        const user = await db.adapter.getUser(row.user_id);
        assert.deepEqual(
          { name: user?.name, email: user?.email, emailVerified: user?.emailVerified },
          { name: "Grace Hopper", email: "grace-hopper@example.test", emailVerified: null },
        );

        const second = new TestBrowser(handler);
        const again = await oidcSignIn(second, op, "dev", "grace hopper");
        assert.equal(again.headers.get("location"), `${APP}/dashboard`);
        assert.deepEqual(await counts(), { users: before.users + 1, accounts: before.accounts + 1 });
        assert.equal((await sessionOf(second)).user?.id, row.user_id, "the same user");
        assert.deepEqual(logger.lines, []);
      });

      test("signed in as A, an OIDC sign-in with an unknown account links it to A", async () => {
        const browser = new TestBrowser(handler);
        assert.ok(sessionTokenSet(await signIn(browser, "ada")));
        const a = (await sessionOf(browser)).user?.id;
        assert.ok(typeof a === "string");
        const before = await counts();

        const done = await oidcSignIn(browser, op, "dev", "Ada Elsewhere");
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
        assert.deepEqual(await counts(), { users: before.users, accounts: before.accounts + 1 });
        assert.equal((await account("dev", "ada elsewhere"))?.user_id, a, "linked to A");
        assert.equal((await sessionOf(browser)).user?.id, a);
      });

      test("a new account whose email belongs to a user is OAuthAccountNotLinked, with nothing written", async () => {
        const existing = await db.adapter.createUser({ email: "linus@example.test", emailVerified: null });
        const before = await counts();
        const browser = new TestBrowser(handler);
        const done = await oidcSignIn(browser, op, "dev", "Linus");
        assert.equal(errorOf(done), "OAuthAccountNotLinked");
        assert.equal(new URL(done.headers.get("location")!).pathname, "/api/auth/signin");
        assert.equal(sessionTokenSet(done), undefined);
        assert.deepEqual(await counts(), before);
        assert.equal(await account("dev", "linus"), undefined);
        assert.equal((await db.adapter.getUserByEmail("linus@example.test"))?.id, existing.id);
      });

      test("allowDangerousEmailAccountLinking with email_verified: true links to the user with that email", async () => {
        const existing = await db.adapter.createUser({ email: "margaret@example.test", emailVerified: null });
        const before = await counts();
        const browser = new TestBrowser(handler);
        const done = await oidcSignIn(browser, op, "trusting", "Margaret");
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
        assert.deepEqual(await counts(), { users: before.users, accounts: before.accounts + 1 });
        assert.equal((await account("trusting", "margaret"))?.user_id, existing.id);
        assert.equal((await sessionOf(browser)).user?.id, existing.id);
      });
    });
  }
});
