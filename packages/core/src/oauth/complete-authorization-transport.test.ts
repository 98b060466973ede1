import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import type { OAuthProviderConfig } from "../providers/types.ts";
import { createDiscoveryCache } from "./discovery-cache.ts";
import { type FakeOidcServer, startFakeOidcServer } from "./test/fake-oidc-server.ts";
import { authError, completeAtFake, fakeProvider, signInAtFake } from "./test/flow.ts";

describe("completeAuthorization when the provider's endpoints misbehave", () => {
  let fake: FakeOidcServer;
  let provider: OAuthProviderConfig;
  before(async () => {
    fake = await startFakeOidcServer();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.behavior.token = "ok";
    fake.behavior.discovery = "ok";
    fake.behavior.jwks = "ok";
    provider = fakeProvider(fake);
  });

  test("token endpoint that never answers → OAuthCallback after timeoutMs", async () => {
    const ctx = await signInAtFake(provider, { runtime: { timeoutMs: 200 } });
    fake.behavior.token = "hang";
    const started = performance.now();
    await assert.rejects(completeAtFake(provider, ctx), authError("OAuthCallback", /TimeoutError/));
    assert.ok(performance.now() - started < 2000);
  });

  test("token endpoint answering HTML → OAuthCallback", async () => {
    const ctx = await signInAtFake(provider);
    fake.behavior.token = "html";
    await assert.rejects(completeAtFake(provider, ctx), authError("OAuthCallback", /content-type/));
  });

  test("token endpoint answering 500 → OAuthCallback", async () => {
    const ctx = await signInAtFake(provider);
    fake.behavior.token = "500";
    await assert.rejects(
      completeAtFake(provider, ctx),
      authError("OAuthCallback", /unexpected HTTP status code/),
    );
  });

  test("token endpoint answering a 302 → OAuthCallback, and the redirect is not followed", async () => {
    const ctx = await signInAtFake(provider);
    fake.behavior.token = "redirect";
    await assert.rejects(
      completeAtFake(provider, ctx),
      authError("OAuthCallback", /unexpected HTTP status code/),
    );
    assert.equal(fake.requests.includes("/elsewhere"), false);
  });

  test("key set endpoint that never answers → OAuthCallback after timeoutMs", async () => {
    const ctx = await signInAtFake(provider, { runtime: { timeoutMs: 200 } });
    fake.behavior.jwks = "hang";
    await assert.rejects(completeAtFake(provider, ctx), authError("OAuthCallback", /ERR_JWKS_TIMEOUT/));
  });

  test("discovery failing during the callback → OAuthCallback (not OAuthSignin)", async () => {
    const ctx = await signInAtFake(provider, { runtime: { timeoutMs: 200 } });
    fake.behavior.discovery = "hang";
    const discovery = createDiscoveryCache();
    await assert.rejects(
      completeAtFake(provider, ctx, { discovery }),
      authError("OAuthCallback", /TimeoutError/),
    );
  });

  test("every request goes through runtime.fetch", async () => {
    const seen: string[] = [];
    const ctx = await signInAtFake(provider, {
      runtime: {
        fetch: (input, init) => {
          seen.push(new URL(String(input)).pathname);
          return fetch(input, init);
        },
      },
    });
    await completeAtFake(provider, ctx);
    assert.deepEqual(seen, ["/.well-known/openid-configuration", "/token", "/jwks", "/userinfo"]);
  });

  test("OAuth 2 provider without issuer or ID token: profile from userinfo", async () => {
    const oauth2 = fakeProvider(fake, {
      type: "oauth",
      issuer: undefined,
      authorization: { url: `${fake.issuer}/authorize`, params: { scope: "read:user" } },
      token: { url: `${fake.issuer}/token` },
      userinfo: { url: `${fake.issuer}/userinfo` },
    });
    const ctx = await signInAtFake(oauth2);
    const { user, tokens } = await completeAtFake(oauth2, ctx);
    assert.equal(tokens.id_token, undefined);
    assert.deepEqual(user, { id: "user-123", name: null, email: null, image: "https://example.com/ada.png" });
  });
});
