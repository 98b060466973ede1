import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import { startDevProvider } from "./index.ts";
import { loginAtDevProvider } from "./testing/browser.ts";

const CLIENT = {
  client_id: "rotating-app",
  client_secret: "rotating-secret",
  redirect_uris: ["http://127.0.0.1:3000/callback"],
  grant_types: ["authorization_code", "refresh_token"],
};

/** Signs in at the provider and returns the first token response (with a refresh token). */
async function firstTokens(issuer: string): Promise<{ refresh_token: string; token_endpoint: string }> {
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
    authorization_endpoint: string;
    token_endpoint: string;
  };
  const verifier = randomBytes(32).toString("base64url");
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT.client_id,
    redirect_uri: CLIENT.redirect_uris[0]!,
    response_type: "code",
    scope: "openid",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const callback = await loginAtDevProvider(issuer, url.href, "rita");
  const tokens = await tokenRequest(discovery.token_endpoint, {
    grant_type: "authorization_code",
    code: callback.searchParams.get("code") ?? "",
    redirect_uri: CLIENT.redirect_uris[0]!,
    code_verifier: verifier,
  });
  assert.equal(tokens.status, 200);
  const body = (await tokens.json()) as { refresh_token?: string };
  assert.ok(body.refresh_token, "a client allowed the refresh_token grant gets a refresh token");
  return { refresh_token: body.refresh_token, token_endpoint: discovery.token_endpoint };
}

function tokenRequest(endpoint: string, params: Record<string, string>): Promise<Response> {
  const basic = Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64");
  return fetch(endpoint, {
    method: "POST",
    headers: { authorization: `Basic ${basic}` },
    body: new URLSearchParams(params),
  });
}

test("rotateRefreshToken: true answers a new refresh token on every refresh and spends the old one", async () => {
  const op = await startDevProvider({ clients: [CLIENT], rotateRefreshToken: true });
  try {
    const { refresh_token, token_endpoint } = await firstTokens(op.issuer);
    const refreshed = await tokenRequest(token_endpoint, { grant_type: "refresh_token", refresh_token });
    assert.equal(refreshed.status, 200);
    const next = (await refreshed.json()) as { refresh_token?: string };
    assert.ok(next.refresh_token);
    assert.notEqual(next.refresh_token, refresh_token);
    const reused = await tokenRequest(token_endpoint, { grant_type: "refresh_token", refresh_token });
    assert.equal(reused.status, 400);
    assert.equal(((await reused.json()) as { error?: string }).error, "invalid_grant");
  } finally {
    await op.close();
  }
});

test("by default a confidential client keeps its refresh token (oidc-provider's rule)", async () => {
  const op = await startDevProvider({ clients: [CLIENT] });
  try {
    const { refresh_token, token_endpoint } = await firstTokens(op.issuer);
    const refreshed = await tokenRequest(token_endpoint, { grant_type: "refresh_token", refresh_token });
    assert.equal(refreshed.status, 200);
    const next = (await refreshed.json()) as { refresh_token?: string };
    assert.equal(next.refresh_token, refresh_token);
  } finally {
    await op.close();
  }
});
