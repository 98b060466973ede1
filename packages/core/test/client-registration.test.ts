import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, OIDC } from "../src/index.ts";
import {
  clientIdOf,
  countingFetch,
  INITIAL_ACCESS_TOKEN,
  registering,
  registrationStorageCases,
  start,
  startRegistrationProvider,
} from "./support/client-registration.ts";
import { APP, errorOf, recordingLogger, SECRET, TestBrowser } from "./support/flows.ts";

describe("dynamic client registration (RFC 7591) against a real oidc-provider", () => {
  let op: DevProvider;
  before(async () => {
    op = await startRegistrationProvider();
  });
  after(() => op.close());

  test("startup refuses registration without an adapter, and with a client id besides", () => {
    assert.throws(() => gatehouse({ secret: SECRET, url: `${APP}/api/auth`, providers: [registering(op)] }), {
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

  describe("on the memory adapter", () => {
    const adapter = createMemoryAdapter();
    const registrations = async (provider: string) =>
      adapter.tables().clientRegistrations.filter((row) => row.provider === provider);

    // A second app instance shares the first one's storage: here, the same memory adapter.
    registrationStorageCases({ op: () => op, adapter: () => adapter, second: () => adapter, registrations });

    test("a failed registration is OAuthSignin and stores nothing; the next sign-in retries", async () => {
      const counting = countingFetch();
      const logger = recordingLogger();
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter,
        providers: [registering(op, "flaky"), registering(op, "no-token", null)],
        fetch: counting.fetch,
        logger,
      });
      const browser = new TestBrowser(auth.handler);

      counting.state.failNext = 1;
      assert.equal(errorOf(await start(browser, "flaky")), "OAuthSignin");
      assert.equal((await registrations("flaky")).length, 0);
      const retried = await start(browser, "flaky");
      assert.equal(clientIdOf(retried), (await registrations("flaky"))[0]?.clientId);

      // The provider refuses a registration without its initial access token (4xx).
      assert.equal(errorOf(await start(browser, "no-token")), "OAuthSignin");
      assert.equal((await registrations("no-token")).length, 0);
      assert.match(logger.lines.join("\n"), /OAuthSignin/);
      assert.doesNotMatch(logger.lines.join("\n"), new RegExp(INITIAL_ACCESS_TOKEN));
    });
  });
});

describe("registration endpoint faults", () => {
  let plain: DevProvider;
  let fake: Server;
  let fakeIssuer: string;
  const adapter = createMemoryAdapter();
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
  });
  after(async () => {
    fake.closeAllConnections();
    fake.close();
    await plain.close();
  });

  test("no registration_endpoint, or an HTML answer: OAuthSignin, nothing stored", async () => {
    const logger = recordingLogger();
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter,
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
    assert.equal(adapter.tables().clientRegistrations.length, 0);
  });
});
