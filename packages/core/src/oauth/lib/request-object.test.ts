import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from "jose";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import { createOAuthRuntime } from "../runtime.ts";
import { oauthClient } from "./client.ts";
import { REQUEST_OBJECT_TTL_S, requestObjectParams } from "./request-object.ts";

const as = { issuer: "https://op.example", authorization_endpoint: "https://op.example/authorize" };

async function setup(now: number) {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  const provider: OAuthProviderConfig = {
    id: "p",
    name: "P",
    type: "oidc",
    issuer: as.issuer,
    clientId: "client-a",
    clientPrivateKey: { key: await exportJWK(privateKey), kid: "k-1" },
  };
  const client = oauthClient(provider, createOAuthRuntime({ now: () => now }));
  return { provider, client, publicKey };
}

test("a request object lives exactly 300 s from the injected clock, signed, with every parameter inside", async () => {
  const now = Date.UTC(2031, 0, 2, 3, 4, 5);
  const { provider, client, publicKey } = await setup(now);
  const plain = new URLSearchParams({
    response_type: "code",
    redirect_uri: "https://app.example/cb",
    state: "s-1",
    code_challenge: "c",
  });
  const params = await requestObjectParams(provider, as, client, plain);
  assert.deepEqual([...params.keys()], ["client_id", "request"]);
  assert.equal(params.get("client_id"), "client-a");
  const request = params.get("request")!;
  assert.deepEqual(decodeProtectedHeader(request), { alg: "ES256", typ: "oauth-authz-req+jwt", kid: "k-1" });
  const { payload } = await jwtVerify(request, publicKey, {
    issuer: "client-a",
    audience: as.issuer,
    currentDate: new Date(now),
  });
  assert.equal(REQUEST_OBJECT_TTL_S, 300);
  // oauth4webapi reads Date.now itself; the client's clockSkew aligns it to the injected clock to the second.
  assert.ok(
    Math.abs(payload.iat! - Math.floor(now / 1000)) <= 1,
    `iat ${payload.iat} follows the injected clock`,
  );
  assert.equal(payload.exp! - payload.iat!, 300);
  assert.equal(payload.nbf, payload.iat);
  assert.equal(payload.state, "s-1");
  assert.equal(payload.redirect_uri, "https://app.example/cb");
  assert.equal(payload.client_id, "client-a");
  assert.ok(typeof payload.jti === "string" && payload.jti.length > 0);
});

test("two request objects never share a jti", async () => {
  const { provider, client } = await setup(Date.now());
  const a = await requestObjectParams(provider, as, client, new URLSearchParams({ state: "x" }));
  const b = await requestObjectParams(provider, as, client, new URLSearchParams({ state: "x" }));
  assert.notEqual(a.get("request"), b.get("request"));
});
