import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { exportJWK, generateKeyPair, type JWK, SignJWT, UnsecuredJWT } from "jose";
import type { AuthorizationServer } from "oauth4webapi";
import { createDiscoveryCache } from "../oauth/discovery-cache.ts";
import { resolveAuthorizationServer } from "../oauth/lib/authorization-server.ts";
import { createOAuthRuntime } from "../oauth/runtime.ts";
import { BACKCHANNEL_LOGOUT_EVENT, verifyLogoutToken } from "./logout-token.ts";

const CLIENT_ID = "app";
const NOW = Date.now();

describe("verifyLogoutToken against a real oidc-provider's key set", () => {
  let op: DevProvider;
  let as: AuthorizationServer;
  let published: CryptoKey;
  let unpublished: CryptoKey;
  const runtime = createOAuthRuntime({ now: () => NOW });
  const discovery = createDiscoveryCache();

  before(async () => {
    // The provider publishes the public half of `published`; `unpublished` plays a forger's key.
    const signing = await generateKeyPair("RS256", { extractable: true });
    published = signing.privateKey;
    unpublished = (await generateKeyPair("RS256")).privateKey;
    const jwk: JWK = { ...(await exportJWK(signing.privateKey)), kid: "k1", alg: "RS256", use: "sig" };
    op = await startDevProvider({ clients: [], jwks: { keys: [jwk] } });
    as = await resolveAuthorizationServer(
      { id: "dev", name: "Dev", type: "oidc", issuer: op.issuer, clientId: CLIENT_ID },
      runtime,
      discovery,
    );
  });
  after(() => op.close());

  function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    const base: Record<string, unknown> = {
      iss: op.issuer,
      aud: CLIENT_ID,
      iat: Math.floor(NOW / 1000),
      exp: Math.floor(NOW / 1000) + 120,
      jti: crypto.randomUUID(),
      sub: "alice",
      sid: "sid-1",
      events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
    };
    for (const [name, value] of Object.entries(overrides)) {
      if (value === undefined) delete base[name];
      else base[name] = value;
    }
    return base;
  }

  function sign(
    payload: Record<string, unknown>,
    options: { key?: CryptoKey; header?: Record<string, unknown> } = {},
  ): Promise<string> {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: "RS256", kid: "k1", typ: "logout+jwt", ...options.header })
      .sign(options.key ?? published);
  }

  const verify = (token: string) => verifyLogoutToken(token, { as, clientId: CLIENT_ID, runtime, discovery });

  async function refused(token: string, reason: RegExp): Promise<void> {
    const result = await verify(token);
    assert.equal(result.ok, false);
    if (!result.ok) assert.match(result.reason, reason);
  }

  test("a well-formed token signed with the published key verifies to its sub, sid, jti and issuer", async () => {
    const payload = claims();
    const result = await verify(await sign(payload));
    assert.deepEqual(result, {
      ok: true,
      claims: { iss: op.issuer, jti: payload.jti, sub: "alice", sid: "sid-1" },
    });
  });

  test("sid alone, sub alone and no typ header are accepted", async () => {
    assert.equal((await verify(await sign(claims({ sub: undefined })))).ok, true);
    assert.equal((await verify(await sign(claims({ sid: undefined })))).ok, true);
    assert.equal((await verify(await sign(claims(), { header: { typ: undefined } }))).ok, true);
    assert.equal(
      (await verify(await sign(claims(), { header: { typ: "application/logout+jwt" } }))).ok,
      true,
    );
  });

  test("forged: signed with a key the provider does not publish (same kid)", async () => {
    await refused(await sign(claims(), { key: unpublished }), /signature verification failed/);
  });

  test("unsigned (alg none)", async () => {
    const token = new UnsecuredJWT(claims()).encode();
    await refused(token, /alg|JOSEAlgNotAllowed|Unsecured/i);
  });

  test("wrong audience, wrong issuer, too old", async () => {
    await refused(await sign(claims({ aud: "someone-else" })), /aud/);
    await refused(await sign(claims({ iss: "https://evil.example" })), /iss/);
    const old = Math.floor(NOW / 1000) - 3600;
    await refused(await sign(claims({ iat: old, exp: undefined })), /iat|age/);
  });

  test("issued in the future beyond the clock tolerance (jose's maxTokenAge check, 10 s)", async () => {
    const now = Math.floor(NOW / 1000);
    await refused(await sign(claims({ iat: now + 60, exp: now + 180 })), /iat.*should be in the past/);
    await refused(await sign(claims({ iat: now + 11, exp: now + 180 })), /iat.*should be in the past/);
    assert.equal((await verify(await sign(claims({ iat: now + 5 })))).ok, true);
    assert.equal((await verify(await sign(claims({ iat: now + 10 })))).ok, true);
  });

  test("with a nonce (an ID token passed off as a logout token)", async () => {
    await refused(await sign(claims({ nonce: "n-0S6_WzA2Mj" })), /nonce/);
  });

  test("missing events, events without the logout member, or a member that is not an object", async () => {
    await refused(await sign(claims({ events: undefined })), /events/);
    await refused(await sign(claims({ events: { "urn:other": {} } })), /events/);
    await refused(await sign(claims({ events: { [BACKCHANNEL_LOGOUT_EVENT]: "yes" } })), /events/);
    await refused(await sign(claims({ events: [BACKCHANNEL_LOGOUT_EVENT] })), /events/);
  });

  test("a typ other than logout+jwt (an ID token's JWT, an access token's at+jwt)", async () => {
    await refused(await sign(claims(), { header: { typ: "JWT" } }), /typ/);
    await refused(await sign(claims(), { header: { typ: "at+jwt" } }), /typ/);
  });

  test("neither sub nor sid, no jti, no iat", async () => {
    await refused(await sign(claims({ sub: undefined, sid: undefined })), /sub nor sid/);
    await refused(await sign(claims({ jti: undefined })), /jti/);
    await refused(await sign(claims({ iat: undefined })), /iat/);
  });

  test("not a JWT at all", async () => {
    await refused("not-a-jwt", /JWS/);
    await refused("", /JWS/);
  });
});
