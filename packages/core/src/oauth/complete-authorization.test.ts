import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { AuthError } from "../errors/auth-error.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";
import { type FakeOidcServer, startFakeOidcServer } from "./test/fake-oidc-server.ts";
import { authError, completeAtFake, fakeProvider, signInAtFake } from "./test/flow.ts";

function withParam(params: URLSearchParams, name: string, value: string | null): URLSearchParams {
  const copy = new URLSearchParams(params);
  if (value === null) copy.delete(name);
  else copy.set(name, value);
  return copy;
}

describe("completeAuthorization against a fake provider", () => {
  let fake: FakeOidcServer;
  let provider: OAuthProviderConfig;
  before(async () => {
    fake = await startFakeOidcServer();
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.behavior = { ...fake.behavior, idTokenKey: "published", idTokenClaims: {}, signingAlgs: ["RS256"] };
    fake.behavior.userinfoSub = undefined;
    provider = fakeProvider(fake);
  });

  test("signs in: ID token verified, userinfo merged, email lowercased, expires_at from now", async () => {
    const now = Date.now();
    const ctx = await signInAtFake(provider, { runtime: { now: () => now } });
    const { user, profile, tokens } = await completeAtFake(provider, ctx);
    assert.deepEqual(user, {
      id: "user-123",
      name: "Ada Lovelace",
      email: "ada@example.com",
      image: "https://example.com/ada.png",
    });
    assert.equal(profile.sub, "user-123");
    assert.equal(profile.picture, "https://example.com/ada.png");
    assert.equal(tokens.token_type, "bearer");
    assert.equal(tokens.expires_at, Math.floor(now / 1000) + 3600);
    assert.ok(tokens.id_token && tokens.access_token);
  });

  test("provider.profile() maps the profile; its id is required", async () => {
    const custom = fakeProvider(fake, { profile: (p) => ({ id: String(p.sub), email: "X@Y.Z" }) });
    const { user } = await completeAtFake(custom, await signInAtFake(custom));
    assert.deepEqual(user, { id: "user-123", email: "x@y.z" });
    const noId = fakeProvider(fake, { profile: () => ({ id: "" }) });
    await assert.rejects(
      completeAtFake(noId, await signInAtFake(noId)),
      authError("OAuthCallback", /no usable id/),
    );
  });

  test("provider error=access_denied → Callback", async () => {
    const ctx = await signInAtFake(provider);
    const params = new URLSearchParams({ error: "access_denied", state: ctx.checks.state ?? "" });
    await assert.rejects(completeAtFake(provider, ctx, { params }), authError("Callback"));
  });

  test("wrong state → OAuthCallback", async () => {
    const ctx = await signInAtFake(provider);
    await assert.rejects(
      completeAtFake(provider, ctx, { params: withParam(ctx.params, "state", "forged") }),
      authError("OAuthCallback", /unexpected \\"state\\"/),
    );
    await assert.rejects(
      completeAtFake(provider, ctx, { params: withParam(ctx.params, "state", null) }),
      authError("OAuthCallback", /state\\" missing/),
    );
  });

  test("missing check values → OAuthCallback", async () => {
    const ctx = await signInAtFake(provider);
    for (const missing of ["state", "codeVerifier", "nonce"] as const) {
      const checks = { ...ctx.checks, [missing]: undefined };
      await assert.rejects(completeAtFake(provider, ctx, { checks }), (error: unknown) => {
        assert.ok(error instanceof AuthError && error.code === "OAuthCallback");
        assert.match(String(error.cause), /missing .* check value/);
        return true;
      });
    }
  });

  test("wrong or missing iss in the authorization response (RFC 9207) → OAuthCallback", async () => {
    const ctx = await signInAtFake(provider);
    const wrong = withParam(ctx.params, "iss", "https://evil.example");
    await assert.rejects(
      completeAtFake(provider, ctx, { params: wrong }),
      authError("OAuthCallback", /unexpected \\"iss\\"/),
    );
    const missing = withParam(ctx.params, "iss", null);
    await assert.rejects(
      completeAtFake(provider, ctx, { params: missing }),
      authError("OAuthCallback", /iss\\" \(issuer\) missing/),
    );
  });

  test("wrong PKCE verifier → OAuthCallback (the provider refuses the code)", async () => {
    const ctx = await signInAtFake(provider);
    const checks = { ...ctx.checks, codeVerifier: "a".repeat(43) };
    await assert.rejects(
      completeAtFake(provider, ctx, { checks }),
      authError("OAuthCallback", /invalid_grant/),
    );
  });

  test("ID token signed by an unpublished key → OAuthCallback (signature)", async () => {
    fake.behavior.idTokenKey = "other";
    await assert.rejects(completeAtFake(provider, await signInAtFake(provider)), (error: unknown) => {
      assert.ok(error instanceof AuthError && error.code === "OAuthCallback");
      assert.deepEqual(error.cause, {
        name: "JWSSignatureVerificationFailed",
        code: "ERR_JWS_SIGNATURE_VERIFICATION_FAILED",
        message: "signature verification failed",
      });
      return true;
    });
  });

  test("alg: none ID token → OAuthCallback, even when discovery lists none", async () => {
    fake.behavior.idTokenKey = "none";
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /\\"alg\\"/),
    );
    fake.behavior.signingAlgs = ["RS256", "none"];
    await assert.rejects(completeAtFake(provider, await signInAtFake(provider)), (error: unknown) => {
      assert.ok(error instanceof AuthError && error.code === "OAuthCallback");
      assert.equal((error.cause as { code?: string }).code, "ERR_JOSE_ALG_NOT_ALLOWED");
      return true;
    });
  });

  test("wrong nonce → OAuthCallback", async () => {
    fake.behavior.idTokenClaims = { nonce: "replayed" };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /nonce/),
    );
  });

  test("wrong aud → OAuthCallback", async () => {
    fake.behavior.idTokenClaims = { aud: "someone-else" };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /aud/),
    );
  });

  test("wrong iss in the ID token → OAuthCallback", async () => {
    fake.behavior.idTokenClaims = { iss: "https://evil.example" };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /iss/),
    );
  });

  test("expired ID token → OAuthCallback (clock injected, no sleeping)", async () => {
    const ctx = await signInAtFake(provider, { runtime: { now: () => Date.now() + 3600_000 } });
    await assert.rejects(completeAtFake(provider, ctx), authError("OAuthCallback", /exp/));
    const now = Math.floor(Date.now() / 1000);
    fake.behavior.idTokenClaims = { iat: now - 1200, exp: now - 600 };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /exp/),
    );
  });

  test("ID token issued in the future beyond the clock tolerance → OAuthCallback, cause logged", async () => {
    // Issue 13: oauth4webapi only type-checks `iat`, so an ID token minted ahead of time was accepted.
    const now = Math.floor(Date.now() / 1000);
    const runtime = { now: () => now * 1000 };
    fake.behavior.idTokenClaims = { iat: now + 60, exp: now + 600 };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider, { runtime })),
      (error: unknown) => {
        assert.ok(error instanceof AuthError && error.code === "OAuthCallback");
        assert.deepEqual(error.cause, {
          name: "JWTClaimValidationFailed",
          code: "ERR_JWT_CLAIM_VALIDATION_FAILED",
          message: '"iat" claim timestamp check failed (it should be in the past)',
        });
        return true;
      },
    );
    // CLOCK_TOLERANCE_S (10 s) is the limit: up to it the clocks are taken to differ, not the token.
    for (const ahead of [5, 10]) {
      fake.behavior.idTokenClaims = { iat: now + ahead, exp: now + 600 };
      const { user } = await completeAtFake(provider, await signInAtFake(provider, { runtime }));
      assert.equal(user.id, "user-123", `iat ${ahead} s ahead is accepted`);
    }
    fake.behavior.idTokenClaims = { iat: now + 11, exp: now + 600 };
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider, { runtime })),
      authError("OAuthCallback", /iat/),
    );
  });

  test("userinfo sub differs from the ID token's → OAuthCallback", async () => {
    fake.behavior.userinfoSub = "someone-else";
    await assert.rejects(
      completeAtFake(provider, await signInAtFake(provider)),
      authError("OAuthCallback", /\\"sub\\"/),
    );
  });

  test("the error cause carries no token, code or secret", async () => {
    fake.behavior.userinfoSub = "someone-else";
    const ctx = await signInAtFake(provider);
    const error = await completeAtFake(provider, ctx).catch((e: unknown) => e);
    assert.ok(error instanceof AuthError);
    const text = JSON.stringify(error.cause);
    for (const secret of [ctx.params.get("code"), ctx.checks.codeVerifier, fake.clientSecret, "eyJ"]) {
      assert.equal(text.includes(String(secret)), false, `cause leaks ${secret}`);
    }
  });
});
