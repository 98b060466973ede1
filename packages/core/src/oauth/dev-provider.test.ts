import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { Browser } from "@gatehouse/dev-provider/testing";
import type { OAuthProviderConfig } from "../providers/types.ts";
import { completeAuthorization } from "./complete-authorization.ts";
import { createDiscoveryCache } from "./discovery-cache.ts";
import { createOAuthRuntime, type OAuthRuntime } from "./runtime.ts";
import { startAuthorization } from "./start-authorization.ts";
import { authError } from "./test/flow.ts";

const REDIRECT_URI = "http://localhost:3000/api/auth/callback/dev";

describe("sign-in against a real OpenID provider (oidc-provider via @gatehouse/dev-provider)", () => {
  let op: DevProvider;
  let provider: OAuthProviderConfig;
  const runtime = createOAuthRuntime();
  const discovery = createDiscoveryCache();

  before(async () => {
    op = await startDevProvider({
      clients: [{ client_id: "gatehouse", client_secret: "dev-secret", redirect_uris: [REDIRECT_URI] }],
    });
    provider = {
      id: "dev",
      name: "Dev",
      type: "oidc",
      issuer: op.issuer,
      clientId: "gatehouse",
      clientSecret: "dev-secret",
    };
  });
  after(() => op.close());

  /** Starts a sign-in, logs in as `username` on the provider's form, returns what the callback received. */
  async function signIn(username: string, clock: OAuthRuntime = runtime) {
    const { url, checks } = await startAuthorization(provider, {
      redirectUri: REDIRECT_URI,
      extraParams: { login_hint: username },
      runtime: clock,
      discovery,
    });
    const browser = new Browser();
    const toForm = await browser.request(url);
    const formUrl = new URL(toForm.headers.get("location") ?? "", op.issuer);
    assert.match(formUrl.pathname, /^\/interaction\/[\w-]+$/);
    await browser.request(formUrl.href);
    const submitted = await browser.request(formUrl.href, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ username }),
    });
    const callback = await browser.followUntilLeaving(submitted, op.issuer);
    assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT_URI);
    return { params: callback.searchParams, checks };
  }

  test("full flow: PKCE, state, nonce, RFC 9207 iss, signed ID token, userinfo", async () => {
    const { params, checks } = await signIn("Alice Smith");
    assert.equal(params.get("iss"), op.issuer);
    const result = await completeAuthorization(provider, {
      redirectUri: REDIRECT_URI,
      params,
      checks,
      runtime,
      discovery,
    });
    assert.deepEqual(result.user, {
      id: "alice smith",
      name: "Alice Smith",
      email: "alice-smith@example.test",
      image: null,
    });
    assert.equal(result.profile.email_verified, true);
    assert.equal(result.profile.nonce, checks.nonce);
    assert.equal(result.tokens.token_type, "bearer");
    assert.ok(typeof result.tokens.expires_at === "number");
  });

  test("a tampered iss is refused by the real provider's flow too", async () => {
    const { params, checks } = await signIn("mallory");
    params.set("iss", "http://127.0.0.1:1");
    const input = { redirectUri: REDIRECT_URI, params, checks, runtime, discovery };
    await assert.rejects(
      completeAuthorization(provider, input),
      authError("OAuthCallback", /unexpected \\"iss\\"/),
    );
  });

  test("a code cannot be redeemed twice", async () => {
    const { params, checks } = await signIn("bob");
    const input = { redirectUri: REDIRECT_URI, params, checks, runtime, discovery };
    await completeAuthorization(provider, input);
    await assert.rejects(completeAuthorization(provider, input), authError("OAuthCallback", /invalid_grant/));
  });

  test("an ID token issued in our future beyond the clock tolerance is refused", async () => {
    // Our injected clock runs behind the provider's, so the `iat` it signs lies in our future.
    const behind = (seconds: number) => createOAuthRuntime({ now: () => Date.now() - seconds * 1000 });
    const late = behind(60);
    const { params, checks } = await signIn("carol", late);
    await assert.rejects(
      completeAuthorization(provider, {
        redirectUri: REDIRECT_URI,
        params,
        checks,
        runtime: late,
        discovery,
      }),
      authError("OAuthCallback", /\\"iat\\" claim timestamp check failed \(it should be in the past\)/),
    );
    // Within the 10 s tolerance (CLOCK_TOLERANCE_S) the same flow signs in.
    const slightly = behind(5);
    const accepted = await signIn("carol", slightly);
    const result = await completeAuthorization(provider, {
      redirectUri: REDIRECT_URI,
      ...accepted,
      runtime: slightly,
      discovery,
    });
    assert.equal(result.user.id, "carol");
  });
});
