import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { type GatehouseOptions, gatehouse, OIDC } from "../src/index.ts";
import { type FakeOidcServer, startFakeOidcServer } from "../src/oauth/test/fake-oidc-server.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";

const APP = "http://localhost:3000";
const quiet = { error() {}, warn() {} };

/** Starts a sign-in in the app and returns the provider URL it redirects to. */
async function startSignIn(app: TestBrowser, providerId: string, query = ""): Promise<Response> {
  const csrfToken = await app.csrf();
  return app.request(`/api/auth/signin/${providerId}${query}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
}

/** Logs in on the dev provider's form and returns the URL it sends the browser back to. */
function loginAtProvider(op: DevProvider, authorizationUrl: string, username: string): Promise<URL> {
  return loginAtDevProvider(op.issuer, authorizationUrl, username);
}

/** The error code a failed flow ended with (from the redirect to the sign-in or error page). */
function errorOf(response: Response): string | null {
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams.get("error") : null;
}

describe("OpenID Connect sign-in through the handler against a real oidc-provider", () => {
  let op: DevProvider;
  let options: GatehouseOptions;

  before(async () => {
    op = await startDevProvider({
      clients: [
        { client_id: "app", client_secret: "app-secret", redirect_uris: [`${APP}/api/auth/callback/dev`] },
        {
          client_id: "app2",
          client_secret: "app2-secret",
          redirect_uris: [`${APP}/api/auth/callback/other`],
        },
      ],
    });
    options = {
      secret: SECRET,
      url: `${APP}/api/auth`,
      logger: quiet,
      // These tests read the front-channel parameters, so they opt out of PAR (which oidc-provider
      // advertises by default); PAR itself is covered in authorization-requests.test.ts.
      providers: [
        OIDC({
          id: "dev",
          name: "Dev",
          issuer: op.issuer,
          clientId: "app",
          clientSecret: "app-secret",
          pushedAuthorizationRequests: false,
        }),
        OIDC({
          id: "other",
          name: "Other",
          issuer: op.issuer,
          clientId: "app2",
          clientSecret: "app2-secret",
          pushedAuthorizationRequests: false,
        }),
      ],
    };
  });
  after(() => op.close());

  test("full sign-in: PKCE + state + nonce cookies, code exchange, session with the user", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(app, "dev");
    assert.equal(started.status, 302);
    const authorization = new URL(started.headers.get("location")!);
    assert.equal(authorization.origin, op.issuer);
    assert.equal(authorization.searchParams.get("code_challenge_method"), "S256");
    assert.ok(authorization.searchParams.get("state"));
    assert.ok(authorization.searchParams.get("nonce"));
    assert.equal(authorization.searchParams.get("redirect_uri"), `${APP}/api/auth/callback/dev`);
    for (const name of ["gatehouse.state", "gatehouse.pkce.code_verifier", "gatehouse.nonce"]) {
      const cookie = setCookie(started, name);
      assert.match(cookie ?? "", /Max-Age=900/, `${name} lives 15 minutes`);
      assert.doesNotMatch(
        cookie ?? "",
        new RegExp(authorization.searchParams.get("state")!),
        "sealed, not plain",
      );
    }

    const back = await loginAtProvider(op, authorization.href, "Grace Hopper");
    assert.equal(back.searchParams.get("iss"), op.issuer);
    const done = await app.request(back.pathname + back.search);
    assert.equal(done.status, 302);
    assert.equal(done.headers.get("location"), `${APP}/dashboard`);
    for (const name of ["gatehouse.state", "gatehouse.pkce.code_verifier", "gatehouse.nonce"]) {
      assert.match(setCookie(done, name) ?? "", /Max-Age=0/, `${name} cleared after use`);
    }
    const session = (await (await app.request("/api/auth/session")).json()) as {
      user: Record<string, unknown>;
    };
    assert.deepEqual(session.user, { name: "Grace Hopper", email: "grace-hopper@example.test", image: null });
  });

  test("extra authorization parameters come from the sign-in POST's query; security ones cannot be overridden", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(
      app,
      "dev",
      "?login_hint=ada&prompt=login&state=evil&redirect_uri=https://evil",
    );
    const authorization = new URL(started.headers.get("location")!);
    assert.equal(authorization.searchParams.get("login_hint"), "ada");
    assert.equal(authorization.searchParams.get("prompt"), "login");
    assert.notEqual(authorization.searchParams.get("state"), "evil");
    assert.equal(authorization.searchParams.get("redirect_uri"), `${APP}/api/auth/callback/dev`);
  });

  test("a tampered state is refused: OAuthCallback, no session", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(app, "dev");
    const back = await loginAtProvider(op, started.headers.get("location")!, "mallory");
    back.searchParams.set("state", "tampered");
    const done = await app.request(back.pathname + back.search);
    assert.equal(errorOf(done), "OAuthCallback");
    assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
  });

  test("missing check cookies (the callback arrives in another browser) are refused", async () => {
    const auth = gatehouse(options);
    const app = new TestBrowser(auth.handler);
    const started = await startSignIn(app, "dev");
    const back = await loginAtProvider(op, started.headers.get("location")!, "victim");
    const otherBrowser = new TestBrowser(auth.handler);
    const done = await otherBrowser.request(back.pathname + back.search);
    assert.equal(errorOf(done), "OAuthCallback");
    assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
  });

  test("check cookies minted for another provider are refused", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    // Start at "other", then replay its callback parameters on "dev" with the same cookies.
    const started = await startSignIn(app, "other");
    const back = await loginAtProvider(op, started.headers.get("location")!, "eve");
    const done = await app.request(`/api/auth/callback/dev${back.search}`);
    assert.equal(errorOf(done), "OAuthCallback");
    assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
  });

  test("a wrong iss in the authorization response (RFC 9207 mix-up) is refused", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(app, "dev");
    const back = await loginAtProvider(op, started.headers.get("location")!, "mixup");
    back.searchParams.set("iss", "https://evil.example");
    const done = await app.request(back.pathname + back.search);
    assert.equal(errorOf(done), "OAuthCallback");
  });

  test("a code can be used once: replaying the callback fails", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(app, "dev");
    const back = await loginAtProvider(op, started.headers.get("location")!, "replay");
    const jar = new Map(app.jar);
    assert.equal((await app.request(back.pathname + back.search)).status, 302);
    const replay = new TestBrowser(gatehouse(options).handler);
    for (const [k, v] of jar) replay.jar.set(k, v);
    const again = await replay.request(back.pathname + back.search);
    assert.equal(errorOf(again), "OAuthCallback");
  });

  test("the person cancelling at the provider (error=access_denied) shows Callback on the sign-in page", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const started = await startSignIn(app, "dev");
    const state = new URL(started.headers.get("location")!).searchParams.get("state")!;
    const done = await app.request(
      `/api/auth/callback/dev?error=access_denied&state=${state}&iss=${op.issuer}`,
    );
    assert.equal(new URL(done.headers.get("location")!).pathname, "/api/auth/signin");
    assert.equal(errorOf(done), "Callback");
  });

  test("GET signin/<id> is 405: a sign-in is only started by a CSRF-checked POST", async () => {
    const app = new TestBrowser(gatehouse(options).handler);
    const response = await app.request("/api/auth/signin/dev");
    assert.equal(response.status, 405);
    assert.equal(response.headers.get("allow"), "POST");
  });
});

describe("provider misbehaviour through the handler (a fake provider)", () => {
  let fake: FakeOidcServer;
  let auth: ReturnType<typeof gatehouse>;
  before(async () => {
    fake = await startFakeOidcServer();
    auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      logger: quiet,
      httpTimeout: 300,
      providers: [
        OIDC({
          id: "fake",
          name: "Fake",
          issuer: fake.issuer,
          clientId: fake.clientId,
          clientSecret: fake.clientSecret,
        }),
      ],
    });
  });
  after(() => fake.close());

  async function roundTrip(): Promise<Response> {
    const app = new TestBrowser(auth.handler);
    const started = await startSignIn(app, "fake");
    const answer = await fetch(started.headers.get("location")!, { redirect: "manual" });
    const back = new URL(answer.headers.get("location")!);
    return app.request(back.pathname + back.search);
  }

  const reset = () => {
    fake.behavior.idTokenKey = "published";
    fake.behavior.idTokenClaims = {};
    fake.behavior.token = "ok";
  };

  test("control: the fake signs in when it behaves", async () => {
    reset();
    const done = await roundTrip();
    assert.equal(done.headers.get("location"), `${APP}/dashboard`);
    assert.ok(setCookie(done, "gatehouse.session-token"));
  });

  for (const [name, change] of [
    ["bad ID-token signature", () => (fake.behavior.idTokenKey = "other")],
    ["alg: none ID token", () => (fake.behavior.idTokenKey = "none")],
    ["wrong nonce", () => (fake.behavior.idTokenClaims = { nonce: "not-the-one" })],
    ["token endpoint timeout", () => (fake.behavior.token = "hang")],
    ["token endpoint answering HTML", () => (fake.behavior.token = "html")],
  ] as const) {
    test(`${name}: OAuthCallback, no session, 4xx in JSON mode`, async () => {
      reset();
      change();
      const done = await roundTrip();
      assert.equal(errorOf(done), "OAuthCallback");
      assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
      reset();
    });
  }
});

describe("a provider that does not answer", () => {
  let server: Server;
  let issuer: string;
  before(async () => {
    server = createServer(() => {}); // accepts connections, never answers
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  test("discovery timing out ends in OAuthSignin (502 in JSON mode) within the timeout, no session", async () => {
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      logger: quiet,
      httpTimeout: 300,
      providers: [OIDC({ id: "slow", name: "Slow", issuer, clientId: "x", clientSecret: "y" })],
    });
    const app = new TestBrowser(auth.handler);
    const csrfToken = await app.csrf();
    const began = performance.now();
    const response = await app.request("/api/auth/signin/slow", { form: { csrfToken, json: "true" } });
    assert.ok(performance.now() - began < 3000, "gave up at the timeout");
    assert.equal(response.status, 502);
    const { url } = (await response.json()) as { url: string };
    assert.equal(new URL(url).searchParams.get("error"), "OAuthSignin");
    assert.equal(setCookie(response, "gatehouse.state"), undefined);
  });
});
