import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { databasesFor, type TestDatabase } from "./databases.ts";
import {
  APP,
  errorOf,
  exposeUserId,
  loginAtProvider,
  recordingLogger,
  SECRET,
  sessionOf,
  TestBrowser,
} from "./flows.ts";

const kinds = await databasesFor("dynamic client registration");
const INITIAL_ACCESS_TOKEN = "initial-access-token-for-tests";

/** A fetch that counts the registration requests it passes on, and can fail the next `failNext` of them. */
function countingFetch() {
  const state = { registrations: 0, failNext: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/reg" && (init?.method ?? "GET") === "POST") {
      if (state.failNext > 0) {
        state.failNext--;
        throw new TypeError("fetch failed (simulated: registration endpoint unreachable)");
      }
      state.registrations++;
    }
    return globalThis.fetch(input, init);
  };
  return { state, fetch };
}

/** Starts a sign-in at `providerId`; returns the provider's authorization URL (or the failed answer). */
async function start(browser: TestBrowser, providerId: string): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
}

function clientIdOf(started: Response): string {
  const location = started.headers.get("location");
  assert.ok(location, `expected a redirect, got HTTP ${started.status}`);
  const clientId = new URL(location).searchParams.get("client_id");
  assert.ok(clientId, `no client_id in ${location}`);
  return clientId;
}

describe("dynamic client registration (RFC 7591) against a real oidc-provider", () => {
  let op: DevProvider;
  before(async () => {
    op = await startDevProvider({
      clients: [],
      features: { registration: { enabled: true, initialAccessToken: INITIAL_ACCESS_TOKEN } },
    });
  });
  after(() => op.close());

  const registering = (id = "dyn", initialAccessToken: string | null = INITIAL_ACCESS_TOKEN) =>
    OIDC({
      id,
      name: "Registered",
      issuer: op.issuer,
      registration: initialAccessToken === null ? {} : { initialAccessToken },
    });

  test("startup refuses registration without an adapter, and with a client id besides", () => {
    assert.throws(() => gatehouse({ secret: SECRET, url: `${APP}/api/auth`, providers: [registering()] }), {
      name: "TypeError",
      message: /`registration` stores the registered client and needs an adapter/,
    });
    assert.throws(
      () =>
        gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          providers: [OIDC({ id: "x", name: "X", issuer: op.issuer, clientId: "x", registration: {} })],
        }),
      { name: "TypeError", message: /has both a client id\/secret and `registration`/ },
    );
  });

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      before(async () => {
        db = await kind.open();
      });
      after(() => db.close());

      const registrations = (provider: string) =>
        db.adapter.db.kysely
          .selectFrom("gh_client_registrations")
          .selectAll()
          .where("provider", "=", provider)
          .execute();

      test("the first sign-in registers once (concurrent starts wait for it), stores the client sealed, and signs in with it", async () => {
        const counting = countingFetch();
        const logger = recordingLogger();
        const auth = gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: db.adapter,
          providers: [registering()],
          callbacks: exposeUserId,
          fetch: counting.fetch,
          logger,
        });
        const browsers = [0, 1, 2].map(() => new TestBrowser(auth.handler));
        const started = await Promise.all(browsers.map((browser) => start(browser, "dyn")));
        const ids = new Set(started.map(clientIdOf));
        assert.equal(ids.size, 1, "every sign-in uses the one registered client");
        assert.equal(counting.state.registrations, 1, "one registration in flight per provider");

        const [row, ...others] = await registrations("dyn");
        assert.ok(row);
        assert.equal(others.length, 0);
        assert.equal(row.issuer, op.issuer);
        assert.equal(row.client_id, [...ids][0]);
        assert.match(row.client_secret ?? "", /^gh\.enc\./, "the client secret is sealed at rest");
        assert.match(row.registration_access_token ?? "", /^gh\.enc\./);
        const metadata = JSON.parse(row.metadata) as Record<string, unknown>;
        assert.equal(metadata.client_id, row.client_id);
        assert.deepEqual(metadata.redirect_uris, [`${APP}/api/auth/callback/dyn`]);
        assert.equal(metadata.client_secret, undefined, "no plaintext secret in the metadata");
        assert.equal(metadata.registration_access_token, undefined);

        // The registered client (id and opened secret) completes a real code exchange.
        const back = await loginAtProvider(op, started[0]!.headers.get("location")!, "Dyn Amic");
        const done = await browsers[0]!.request(back.pathname + back.search);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, logger.lines.join("\n"));
        assert.equal((await sessionOf(browsers[0]!)).user?.email, "dyn-amic@example.test");
      });

      test("a second instance on the same database reuses the stored registration: the provider sees no new one", async () => {
        const counting = countingFetch();
        const second = db.connect();
        const auth = gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: second,
          providers: [registering()],
          fetch: counting.fetch,
          logger: recordingLogger(),
        });
        const browser = new TestBrowser(auth.handler);
        const started = await start(browser, "dyn");
        const [row] = await registrations("dyn");
        assert.equal(clientIdOf(started), row?.client_id);
        assert.equal(counting.state.registrations, 0);
        const back = await loginAtProvider(op, started.headers.get("location")!, "Second Instance");
        const done = await browser.request(back.pathname + back.search);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`);
      });

      test("two fresh instances registering at once settle on one stored client (insert-if-absent)", async () => {
        const instances = [db.adapter, db.connect()].map((adapter) =>
          gatehouse({
            secret: SECRET,
            url: `${APP}/api/auth`,
            adapter,
            providers: [registering("race")],
            logger: recordingLogger(),
          }),
        );
        const started = await Promise.all(
          instances.map((auth) => start(new TestBrowser(auth.handler), "race")),
        );
        const rows = await registrations("race");
        assert.equal(rows.length, 1);
        assert.deepEqual(started.map(clientIdOf), [rows[0]!.client_id, rows[0]!.client_id]);
      });

      test("a failed registration is OAuthSignin and stores nothing; the next sign-in retries", async () => {
        const counting = countingFetch();
        const logger = recordingLogger();
        const auth = gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: db.adapter,
          providers: [registering("flaky"), registering("no-token", null)],
          fetch: counting.fetch,
          logger,
        });
        const browser = new TestBrowser(auth.handler);

        counting.state.failNext = 1;
        assert.equal(errorOf(await start(browser, "flaky")), "OAuthSignin");
        assert.equal((await registrations("flaky")).length, 0);
        const retried = await start(browser, "flaky");
        assert.equal(clientIdOf(retried), (await registrations("flaky"))[0]?.client_id);

        // The provider refuses a registration without its initial access token (4xx).
        assert.equal(errorOf(await start(browser, "no-token")), "OAuthSignin");
        assert.equal((await registrations("no-token")).length, 0);
        assert.match(logger.lines.join("\n"), /OAuthSignin/);
        assert.doesNotMatch(logger.lines.join("\n"), new RegExp(INITIAL_ACCESS_TOKEN));
      });
    });
  }
});

describe("registration endpoint faults", () => {
  let plain: DevProvider;
  let fake: Server;
  let fakeIssuer: string;
  let db: TestDatabase;
  before(async () => {
    plain = await startDevProvider({ clients: [] }); // no registration feature, no registration_endpoint
    fake = createServer((req, res) => {
      if (req.url === "/.well-known/openid-configuration") {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            issuer: fakeIssuer,
            authorization_endpoint: `${fakeIssuer}/auth`,
            token_endpoint: `${fakeIssuer}/token`,
            jwks_uri: `${fakeIssuer}/jwks`,
            registration_endpoint: `${fakeIssuer}/reg`,
          }),
        );
        return;
      }
      // A registration endpoint behind a misconfigured proxy: HTML, even with a 201.
      res.statusCode = 201;
      res.setHeader("content-type", "text/html");
      res.end("<html><body>Welcome!</body></html>");
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    fakeIssuer = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    const [sqlite] = await databasesFor("registration endpoint faults", "SQLite");
    db = await sqlite!.open();
  });
  after(async () => {
    fake.closeAllConnections();
    fake.close();
    await plain.close();
    await db.close();
  });

  test("no registration_endpoint, or an HTML answer: OAuthSignin, nothing stored", async () => {
    const logger = recordingLogger();
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter: db.adapter,
      providers: [
        OIDC({ id: "plain", name: "Plain", issuer: plain.issuer, registration: {} }),
        OIDC({ id: "html", name: "HTML", issuer: fakeIssuer, registration: {} }),
      ],
      logger,
    });
    const browser = new TestBrowser(auth.handler);
    assert.equal(errorOf(await start(browser, "plain")), "OAuthSignin");
    assert.match(logger.lines.join("\n"), /no usable registration_endpoint/);
    assert.equal(errorOf(await start(browser, "html")), "OAuthSignin");
    assert.match(logger.lines.at(-1) ?? "", /OAuthSignin.*content-type must be application\/json/);
    assert.equal(await db.count("gh_client_registrations"), 0);
  });
});
