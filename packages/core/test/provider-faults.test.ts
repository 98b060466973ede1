import assert from "node:assert/strict";
import { after, afterEach, before, beforeEach, describe, mock, test } from "node:test";
import { type Gatehouse, gatehouse, OIDC } from "../src/index.ts";
import { MAX_RESPONSE_BYTES } from "../src/oauth/lib/http.ts";
import { type FakeOidcServer, startFakeOidcServer } from "../src/oauth/test/fake-oidc-server.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";

// Provider misbehaviour through the whole handler: each ends in a clear sign-in error code, the logged
// cause says which fault it was, and no session cookie is ever set. (Token endpoint timeout, HTML, 500
// and redirect, the key set hanging, a bad ID-token signature, alg none and a wrong ID-token `iss` are
// covered in src/oauth/complete-authorization*.test.ts and test/oidc-flow.test.ts.)

const APP = "http://localhost:3000";
const SESSION = "gatehouse.session-token";

describe("provider faults end in a clear error and no session", () => {
  let fake: FakeOidcServer;
  let logged: string[];
  let fetched: string[];

  before(async () => {
    fake = await startFakeOidcServer();
  });
  after(() => fake.close());
  beforeEach(() => {
    Object.assign(fake.behavior, {
      discovery: "ok",
      token: "ok",
      jwks: "ok",
      idTokenKey: "published",
      signingKey: "k1",
      idTokenClaims: {},
    });
    logged = [];
    fetched = [];
  });

  /** A fresh app (cold discovery and key-set caches) whose errors land in `logged`. */
  function app(httpTimeout = 3500): Gatehouse {
    return gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      httpTimeout,
      fetch: (input, init) => {
        fetched.push(new URL(String(input)).pathname);
        return fetch(input, init);
      },
      logger: {
        error: (code, detail) => logged.push(`${code} ${String(detail)}`),
        warn() {},
      },
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
  }

  /** Starts a sign-in; returns the browser and the sign-in response (a redirect to the provider or to an error). */
  async function start(auth: Gatehouse): Promise<{ browser: TestBrowser; response: Response }> {
    const browser = new TestBrowser(auth.handler);
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/signin/fake", {
      form: { csrfToken, callbackUrl: `${APP}/dashboard` },
    });
    return { browser, response };
  }

  /** A whole sign-in: start, the fake's authorization endpoint, the callback. */
  async function roundTrip(auth: Gatehouse): Promise<Response> {
    const { browser, response } = await start(auth);
    const location = response.headers.get("location") ?? "";
    assert.ok(location.startsWith(fake.issuer), `sign-in went to the provider, not ${location}`);
    const answer = await fetch(location, { redirect: "manual" });
    const back = new URL(answer.headers.get("location") ?? "");
    return browser.request(back.pathname + back.search);
  }

  const errorOf = (response: Response) =>
    new URL(response.headers.get("location") ?? "", APP).searchParams.get("error");

  function assertFailed(response: Response, code: string, cause: RegExp): void {
    assert.equal(errorOf(response), code);
    assert.equal(setCookie(response, SESSION), undefined, "no session");
    assert.equal(logged.length, 1, logged.join("\n"));
    assert.match(logged[0] ?? "", new RegExp(`^${code} `));
    assert.match(logged[0] ?? "", cause);
  }

  test("control: the fake signs in when it behaves", async () => {
    const done = await roundTrip(app());
    assert.equal(done.headers.get("location"), `${APP}/dashboard`);
    assert.ok(setCookie(done, SESSION));
  });

  describe("discovery (sign-in start: OAuthSignin)", () => {
    for (const [mode, cause] of [
      ["500", /unexpected HTTP status code/],
      ["html", /content-type/],
      ["redirect", /unexpected HTTP status code/],
      ["huge", /larger than 1048576 bytes/],
      ["wrong-issuer", /OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED: "response" body "issuer"/],
    ] as const) {
      test(`discovery answering ${mode} → OAuthSignin, no session`, async () => {
        fake.behavior.discovery = mode;
        const { response } = await start(app());
        assertFailed(response, "OAuthSignin", cause);
        assert.equal(setCookie(response, "gatehouse.state"), undefined);
        assert.equal(fetched.includes("/elsewhere"), false, "redirect not followed");
      });
    }

    test("discovery timing out (a small injected timeout) → OAuthSignin", async () => {
      fake.behavior.discovery = "hang";
      const { response } = await start(app(200));
      assertFailed(response, "OAuthSignin", /TimeoutError/);
    });
  });

  test("a token response over 1 MiB → OAuthCallback, the rest of it unread", async () => {
    assert.equal(MAX_RESPONSE_BYTES, 1024 * 1024);
    const auth = app();
    fake.behavior.token = "huge";
    assertFailed(await roundTrip(auth), "OAuthCallback", /ResponseTooLargeError/);
  });

  test("a wrong issuer in the ID token → OAuthCallback", async () => {
    fake.behavior.idTokenClaims = { iss: "https://evil.example" };
    assertFailed(await roundTrip(app()), "OAuthCallback", /unexpected JWT "iss" \(issuer\)/);
  });

  test("unusable keys in the key set (enc key, unknown kty, non-objects) do not hide the good key", async () => {
    fake.behavior.jwks = "unusable-extras";
    const done = await roundTrip(app());
    assert.equal(errorOf(done), null, logged.join("\n"));
    assert.ok(setCookie(done, SESSION));
  });

  test("key set down with a warm cache: sign-in still works, without asking the key set again", async () => {
    const auth = app();
    assert.ok(setCookie(await roundTrip(auth), SESSION), "warms the cache");
    fake.behavior.jwks = "down";
    fetched = [];
    const done = await roundTrip(auth);
    assert.ok(setCookie(done, SESSION), logged.join("\n"));
    assert.equal(fetched.includes("/jwks"), false);
  });

  test("key set down with a cold cache → OAuthCallback naming the key set", async () => {
    fake.behavior.jwks = "down";
    assertFailed(await roundTrip(app()), "OAuthCallback", /JSON Web Key Set HTTP response/);
  });

  describe("rotated signing keys", () => {
    afterEach(() => mock.timers.reset());

    test("a new kid after the 30 s cooldown: the key set is refetched and sign-in works", async () => {
      mock.timers.enable({ apis: ["Date"], now: Date.now() });
      const auth = app();
      assert.ok(setCookie(await roundTrip(auth), SESSION), "warms the cache with k1");
      fake.behavior.signingKey = "k2"; // k1 leaves the key set
      mock.timers.tick(31_000);
      fetched = [];
      const done = await roundTrip(auth);
      assert.ok(setCookie(done, SESSION), logged.join("\n"));
      assert.equal(fetched.filter((path) => path === "/jwks").length, 1);
    });

    test("a new kid within the cooldown: no refetch storm; OAuthCallback, no session", async () => {
      mock.timers.enable({ apis: ["Date"], now: Date.now() });
      const auth = app();
      assert.ok(setCookie(await roundTrip(auth), SESSION));
      fake.behavior.signingKey = "k2";
      mock.timers.tick(5_000);
      fetched = [];
      assertFailed(await roundTrip(auth), "OAuthCallback", /ERR_JWKS_NO_MATCHING_KEY/);
      assert.equal(fetched.includes("/jwks"), false);
    });
  });
});
