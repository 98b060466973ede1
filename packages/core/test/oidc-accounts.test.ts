import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, OIDC } from "../src/index.ts";
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
} from "./support/flows.ts";

describe("OIDC sign-in with the memory adapter (dev provider)", () => {
  let op: DevProvider;
  const adapter = createMemoryAdapter();
  let handler: (request: Request) => Promise<Response>;
  const logger = recordingLogger();
  const ada = { id: crypto.randomUUID(), name: "Ada", email: "ada@example.test" };

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
    handler = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter,
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
  after(() => op.close());

  function counts() {
    const { users, accounts } = adapter.tables();
    return { users: users.length, accounts: accounts.length };
  }

  function account(provider: string, providerAccountId: string) {
    return adapter
      .tables()
      .accounts.find((row) => row.provider === provider && row.providerAccountId === providerAccountId);
  }

  test("first sign-in creates user and account with the tokens; the second finds them again", async () => {
    const before = counts();
    const first = new TestBrowser(handler);
    const done = await oidcSignIn(first, op, "dev", "Grace Hopper");
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
    assert.deepEqual(counts(), { users: before.users + 1, accounts: before.accounts + 1 });

    const row = account("dev", "grace hopper");
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
    const user = await adapter.getUser(row.userId);
    assert.deepEqual(
      { name: user?.name, email: user?.email, emailVerified: user?.emailVerified },
      { name: "Grace Hopper", email: "grace-hopper@example.test", emailVerified: null },
    );

    const second = new TestBrowser(handler);
    const again = await oidcSignIn(second, op, "dev", "grace hopper");
    assert.equal(again.headers.get("location"), `${APP}/dashboard`);
    assert.deepEqual(counts(), { users: before.users + 1, accounts: before.accounts + 1 });
    assert.equal((await sessionOf(second)).user?.id, row.userId, "the same user");
    assert.deepEqual(logger.lines, []);
  });

  test("signed in as A, an OIDC sign-in with an unknown account links it to A", async () => {
    const browser = new TestBrowser(handler);
    assert.ok(sessionTokenSet(await signIn(browser, "ada")));
    const a = (await sessionOf(browser)).user?.id;
    assert.ok(typeof a === "string");
    const before = counts();

    const done = await oidcSignIn(browser, op, "dev", "Ada Elsewhere");
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
    assert.deepEqual(counts(), { users: before.users, accounts: before.accounts + 1 });
    assert.equal(account("dev", "ada elsewhere")?.userId, a, "linked to A");
    assert.equal((await sessionOf(browser)).user?.id, a);
  });

  test("a new account whose email belongs to a user is OAuthAccountNotLinked, with nothing written", async () => {
    const existing = await adapter.createUser({ email: "linus@example.test", emailVerified: null });
    const before = counts();
    const browser = new TestBrowser(handler);
    const done = await oidcSignIn(browser, op, "dev", "Linus");
    assert.equal(errorOf(done), "OAuthAccountNotLinked");
    assert.equal(new URL(done.headers.get("location")!).pathname, "/api/auth/signin");
    assert.equal(sessionTokenSet(done), undefined);
    assert.deepEqual(counts(), before);
    assert.equal(account("dev", "linus"), undefined);
    assert.equal((await adapter.getUserByEmail("linus@example.test"))?.id, existing.id);
  });

  test("allowDangerousEmailAccountLinking with email_verified: true links to the user with that email", async () => {
    const existing = await adapter.createUser({ email: "margaret@example.test", emailVerified: null });
    const before = counts();
    const browser = new TestBrowser(handler);
    const done = await oidcSignIn(browser, op, "trusting", "Margaret");
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
    assert.deepEqual(counts(), { users: before.users, accounts: before.accounts + 1 });
    assert.equal(account("trusting", "margaret")?.userId, existing.id);
    assert.equal((await sessionOf(browser)).user?.id, existing.id);
  });
});
