import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { after, before, mock, test } from "node:test";
import { createRemoteJWKSet, exportJWK, generateKeyPair, jwtVerify } from "jose";
import { type DevProvider, startDevProvider } from "./index.ts";
import { Browser } from "./testing/browser.ts";

const CLIENT_ID = "test-app";
const CLIENT_SECRET = "test-secret";
const REDIRECT_URI = "http://127.0.0.1:3000/callback";

// oidc-provider prints its notices straight to the console; the dev provider must keep it quiet.
const consoleCalls = ["info", "warn", "error", "log"].map((name) =>
  mock.method(console, name as "info" | "warn" | "error" | "log"),
);

let op: DevProvider;
let discovery: Record<string, unknown>;

before(async () => {
  op = await startDevProvider({
    clients: [{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
  });
  discovery = (await (await fetch(`${op.issuer}/.well-known/openid-configuration`)).json()) as Record<
    string,
    unknown
  >;
});

after(async () => {
  await op.close();
});

/** `client_secret_basic`: RFC 6749 2.3.1 form-encodes id and secret before base64. */
function basicAuth(): string {
  const credentials = `${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`;
  return `Basic ${Buffer.from(credentials).toString("base64")}`;
}

function base64url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64url");
}

/** Starts an authorization request and returns the browser sitting on the login form. */
async function openLoginForm(): Promise<{ browser: Browser; formUrl: URL; html: string; pkce: PkceState }> {
  const browser = new Browser();
  const pkce = newPkceState();
  const url = new URL(String(discovery.authorization_endpoint));
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid profile email",
    state: pkce.state,
    nonce: pkce.nonce,
    code_challenge: pkce.code_challenge,
    code_challenge_method: "S256",
  }).toString();
  const start = await browser.request(url.href);
  assert.equal(start.status, 303);
  const formUrl = new URL(start.headers.get("location") ?? "", op.issuer);
  assert.match(formUrl.pathname, /^\/interaction\/[\w-]+$/);
  const page = await browser.request(formUrl.href);
  assert.equal(page.status, 200);
  assert.match(page.headers.get("content-type") ?? "", /^text\/html/);
  return { browser, formUrl, html: await page.text(), pkce };
}

interface PkceState {
  state: string;
  nonce: string;
  code_verifier: string;
  code_challenge: string;
}

function newPkceState(): PkceState {
  const code_verifier = base64url(randomBytes(32));
  return {
    state: base64url(randomBytes(16)),
    nonce: base64url(randomBytes(16)),
    code_verifier,
    code_challenge: base64url(createHash("sha256").update(code_verifier).digest()),
  };
}

function submitLogin(browser: Browser, formUrl: URL, username: string): Promise<Response> {
  return browser.request(formUrl.href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username }).toString(),
  });
}

test("discovery names the real issuer and the endpoints the client needs", () => {
  assert.match(op.issuer, /^http:\/\/127\.0\.0\.1:\d+$/);
  assert.equal(discovery.issuer, op.issuer);
  for (const endpoint of [
    "authorization_endpoint",
    "token_endpoint",
    "userinfo_endpoint",
    "jwks_uri",
    "revocation_endpoint",
    "introspection_endpoint",
  ]) {
    assert.ok(String(discovery[endpoint]).startsWith(`${op.issuer}/`), endpoint);
  }
  assert.equal(discovery.authorization_response_iss_parameter_supported, true);
  assert.deepEqual(discovery.code_challenge_methods_supported, ["S256"]);
  assert.ok((discovery.scopes_supported as string[]).includes("email"));
});

test("authorization code + PKCE flow signs in any user name", async () => {
  const { browser, formUrl, html, pkce } = await openLoginForm();
  assert.match(html, /<label for="username">User name<\/label>/);
  assert.match(html, /<button type="submit">Sign in<\/button>/);
  assert.match(html, new RegExp(`<form method="post" action="${formUrl.pathname}">`));

  const callback = await browser.followUntilLeaving(
    await submitLogin(browser, formUrl, "  Alice Smith "),
    op.issuer,
  );
  assert.equal(`${callback.origin}${callback.pathname}`, REDIRECT_URI);
  assert.equal(callback.searchParams.get("state"), pkce.state);
  assert.equal(callback.searchParams.get("iss"), op.issuer, "RFC 9207 iss parameter");
  const code = callback.searchParams.get("code");
  assert.ok(code);

  const tokenResponse = await fetch(String(discovery.token_endpoint), {
    method: "POST",
    headers: { authorization: basicAuth() },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce.code_verifier,
    }),
  });
  assert.equal(tokenResponse.status, 200);
  const tokens = (await tokenResponse.json()) as {
    id_token: string;
    access_token: string;
    token_type: string;
  };
  assert.equal(tokens.token_type, "Bearer");

  const jwks = createRemoteJWKSet(new URL(String(discovery.jwks_uri)));
  const { payload, protectedHeader } = await jwtVerify(tokens.id_token, jwks, {
    issuer: op.issuer,
    audience: CLIENT_ID,
  });
  assert.equal(protectedHeader.alg, "RS256");
  assert.equal(payload.sub, "alice smith");
  assert.equal(payload.email, "alice-smith@example.test");
  assert.equal(payload.email_verified, true);
  assert.equal(payload.name, "Alice Smith");
  assert.equal(payload.nonce, pkce.nonce);

  const userinfo = await fetch(String(discovery.userinfo_endpoint), {
    headers: { authorization: `Bearer ${tokens.access_token}` },
  });
  assert.equal(userinfo.status, 200);
  assert.deepEqual(await userinfo.json(), {
    sub: "alice smith",
    name: "Alice Smith",
    email: "alice-smith@example.test",
    email_verified: true,
  });
});

test("PKCE is required: no code_challenge, no sign-in", async () => {
  const url = new URL(String(discovery.authorization_endpoint));
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid",
    state: "s1",
  }).toString();
  const callback = await new Browser().followUntilLeaving(
    await fetch(url, { redirect: "manual" }),
    op.issuer,
  );
  assert.equal(callback.searchParams.get("error"), "invalid_request");
  assert.equal(callback.searchParams.get("state"), "s1");
  assert.equal(callback.searchParams.get("code"), null);
});

test("a token request without the PKCE verifier is refused", async () => {
  const { browser, formUrl } = await openLoginForm();
  const callback = await browser.followUntilLeaving(await submitLogin(browser, formUrl, "bob"), op.issuer);
  const response = await fetch(String(discovery.token_endpoint), {
    method: "POST",
    headers: { authorization: basicAuth() },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: REDIRECT_URI,
    }),
  });
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), {
    error: "invalid_grant",
    error_description: "grant request is invalid",
  });
});

test("an empty user name re-renders the form with an error", async () => {
  const { browser, formUrl } = await openLoginForm();
  const response = await submitLogin(browser, formUrl, "   ");
  assert.equal(response.status, 400);
  assert.equal(response.headers.get("location"), null);
  const html = await response.text();
  assert.match(html, /role="alert">Enter a user name\.</);
  assert.match(html, /<label for="username">User name<\/label>/);

  // The interaction is still usable after the error.
  const callback = await browser.followUntilLeaving(await submitLogin(browser, formUrl, "carol"), op.issuer);
  assert.ok(callback.searchParams.get("code"));
});

test("user names are escaped when the form is re-rendered", async () => {
  const { browser, formUrl } = await openLoginForm();
  const name = `"><script>alert(1)</script>${"x".repeat(100)}`;
  const response = await submitLogin(browser, formUrl, name);
  assert.equal(response.status, 400);
  const html = await response.text();
  assert.ok(!html.includes("<script>"), "no raw script tag");
  assert.ok(html.includes("&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
});

test("a user name with markup signs in and gets a safe email address", async () => {
  const { browser, formUrl, pkce } = await openLoginForm();
  const callback = await browser.followUntilLeaving(
    await submitLogin(browser, formUrl, "<script>"),
    op.issuer,
  );
  const tokens = (await (
    await fetch(String(discovery.token_endpoint), {
      method: "POST",
      headers: { authorization: basicAuth() },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: callback.searchParams.get("code") ?? "",
        redirect_uri: REDIRECT_URI,
        code_verifier: pkce.code_verifier,
      }),
    })
  ).json()) as { id_token: string };
  const jwks = createRemoteJWKSet(new URL(String(discovery.jwks_uri)));
  const { payload } = await jwtVerify(tokens.id_token, jwks, { issuer: op.issuer, audience: CLIENT_ID });
  assert.equal(payload.sub, "<script>");
  assert.equal(payload.name, "<script>");
  assert.equal(payload.email, "script@example.test");
});

test("an interaction URL without its cookie shows an error page, not a stack trace", async () => {
  const { formUrl } = await openLoginForm();
  const response = await fetch(formUrl, { redirect: "manual" });
  assert.equal(response.status, 400);
  const html = await response.text();
  assert.match(html, /invalid_request/);
  assert.doesNotMatch(html, /at .*\.js:\d+/);
});

test("a misconfigured client is a startup error, not a failure mid-flow", async () => {
  await assert.rejects(
    startDevProvider({ clients: [{ client_id: "no-secret", redirect_uris: [REDIRECT_URI] }] }),
    {
      name: "TypeError",
      message: 'dev provider: client "no-secret" is invalid: client_secret is mandatory property',
    },
  );
});

test("cookie names carry the port, so providers on one host do not collide", async () => {
  const { browser } = await openLoginForm();
  const names = [...browser.cookies.keys()];
  const port = new URL(op.issuer).port;
  assert.ok(names.length > 0);
  for (const name of names) assert.ok(name.startsWith(`dev_op_${port}_`), name);
});

test("options.jwks replaces the generated signing key", async () => {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: "rotated-1", alg: "RS256", use: "sig" };
  const other = await startDevProvider({ clients: [], jwks: { keys: [jwk] } });
  try {
    const published = (await (await fetch(`${other.issuer}/jwks`)).json()) as {
      keys: { kid: string; d?: string }[];
    };
    assert.deepEqual(
      published.keys.map((k) => k.kid),
      ["rotated-1"],
    );
    assert.equal(published.keys[0]?.d, undefined, "private part is not published");
  } finally {
    await other.close();
  }
});

test("close() returns promptly even with a keep-alive connection open", async () => {
  const other = await startDevProvider({ clients: [] });
  await fetch(`${other.issuer}/jwks`); // leaves an idle keep-alive socket behind
  const started = performance.now();
  await other.close();
  await other.close(); // idempotent
  assert.ok(performance.now() - started < 1000);
  await assert.rejects(fetch(`${other.issuer}/jwks`));
});

test("nothing was printed to the console", () => {
  for (const call of consoleCalls) {
    assert.deepEqual(
      call.mock.calls.map((c) => c.arguments),
      [],
    );
  }
});
