import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createDiscoveryCache } from "./discovery-cache.ts";
import { createOAuthRuntime } from "./runtime.ts";
import { startAuthorization } from "./start-authorization.ts";
import { type FakeOidcServer, startFakeOidcServer } from "./test/fake-oidc-server.ts";
import { authError, fakeProvider, REDIRECT_URI } from "./test/flow.ts";

describe("startAuthorization", () => {
  let fake: FakeOidcServer;
  before(async () => {
    fake = await startFakeOidcServer();
  });
  after(() => fake.close());

  const start = (extraParams: Record<string, string> = {}, provider = fakeProvider(fake)) =>
    startAuthorization(provider, {
      redirectUri: REDIRECT_URI,
      extraParams,
      // The default timeout: these cases are not about it (the hanging-discovery case sets its own),
      // and a loaded CI machine can take longer than a short one to answer a local discovery.
      runtime: createOAuthRuntime({ timeoutMs: 3500 }),
      discovery: createDiscoveryCache(),
    });

  test("builds an OIDC authorization URL with PKCE S256, state and nonce", async () => {
    const { url, checks } = await start();
    const params = new URL(url).searchParams;
    assert.equal(new URL(url).origin + new URL(url).pathname, `${fake.issuer}/authorize`);
    assert.equal(params.get("response_type"), "code");
    assert.equal(params.get("client_id"), fake.clientId);
    assert.equal(params.get("redirect_uri"), REDIRECT_URI);
    assert.equal(params.get("scope"), "openid profile email");
    assert.equal(params.get("code_challenge_method"), "S256");
    assert.equal(params.get("state"), checks.state);
    assert.equal(params.get("nonce"), checks.nonce);
    assert.match(checks.codeVerifier ?? "", /^[\w-]{43}$/);
    assert.notEqual(params.get("code_challenge"), checks.codeVerifier);
  });

  test("provider params override the default scope, extra params are forwarded", async () => {
    const provider = fakeProvider(fake, { authorization: { params: { scope: "openid", prompt: "login" } } });
    const { url } = await start({ login_hint: "ada@example.com" }, provider);
    const params = new URL(url).searchParams;
    assert.equal(params.get("scope"), "openid");
    assert.equal(params.get("prompt"), "login");
    assert.equal(params.get("login_hint"), "ada@example.com");
  });

  test("extra params cannot override the security parameters", async () => {
    const hostile = {
      state: "attacker-state",
      nonce: "attacker-nonce",
      redirect_uri: "https://evil.example/cb",
      client_id: "other",
      response_type: "token",
      code_challenge: "x",
      code_challenge_method: "plain",
      request_uri: "https://evil.example/req",
      request: "eyJ",
    };
    const { url, checks } = await start(hostile);
    const params = new URL(url).searchParams;
    assert.equal(params.get("state"), checks.state);
    assert.equal(params.get("nonce"), checks.nonce);
    assert.equal(params.get("redirect_uri"), REDIRECT_URI);
    assert.equal(params.get("client_id"), fake.clientId);
    assert.equal(params.get("response_type"), "code");
    assert.equal(params.get("code_challenge_method"), "S256");
    assert.equal(params.getAll("state").length, 1);
    assert.equal(params.has("request_uri"), false);
    assert.equal(params.has("request"), false);
  });

  test("OAuth 2 provider: no nonce, no default scope, still PKCE and state", async () => {
    const provider = fakeProvider(fake, {
      type: "oauth",
      issuer: undefined,
      authorization: { url: `${fake.issuer}/authorize` },
      token: { url: `${fake.issuer}/token` },
    });
    const { url, checks } = await start({}, provider);
    const params = new URL(url).searchParams;
    assert.equal(params.has("nonce"), false);
    assert.equal(params.has("scope"), false);
    assert.equal(checks.nonce, undefined);
    assert.ok(checks.state && checks.codeVerifier);
  });

  test("discovery is fetched once per issuer and cache", async () => {
    const discovery = createDiscoveryCache();
    const runtime = createOAuthRuntime();
    const before = fake.requests.filter((path) => path.startsWith("/.well-known")).length;
    for (let i = 0; i < 3; i++) {
      await startAuthorization(fakeProvider(fake), {
        redirectUri: REDIRECT_URI,
        extraParams: {},
        runtime,
        discovery,
      });
    }
    assert.equal(fake.requests.filter((path) => path.startsWith("/.well-known")).length, before + 1);
  });

  test("discovery that hangs → OAuthSignin after the timeout, and is retried next time", async () => {
    fake.behavior.discovery = "hang";
    const discovery = createDiscoveryCache();
    const runtime = createOAuthRuntime({ timeoutMs: 200 });
    const input = { redirectUri: REDIRECT_URI, extraParams: {}, runtime, discovery };
    await assert.rejects(
      startAuthorization(fakeProvider(fake), input),
      authError("OAuthSignin", /TimeoutError/),
    );
    fake.behavior.discovery = "ok";
    await startAuthorization(fakeProvider(fake), input);
  });

  test("unreachable issuer → OAuthSignin", async () => {
    const provider = fakeProvider(fake, { issuer: "http://127.0.0.1:1" });
    await assert.rejects(start({}, provider), authError("OAuthSignin", /fetch failed/));
  });

  test("discovery whose issuer differs from the configured one → OAuthSignin", async () => {
    const provider = fakeProvider(fake, { issuer: fake.issuer.replace("127.0.0.1", "localhost") });
    await assert.rejects(start({}, provider), authError("OAuthSignin", /issuer/));
  });

  test("plain http to a non-loopback issuer is refused", async () => {
    const provider = fakeProvider(fake, { issuer: "http://provider.example" });
    await assert.rejects(start({}, provider), authError("OAuthSignin", /HTTPS/));
  });
});
