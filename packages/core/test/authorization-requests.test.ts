import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { Browser, loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { decodeProtectedHeader, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify } from "jose";
import { RELAY_FIELD } from "../src/actions/lib/form-post-relay.ts";
import { gatehouse, OIDC } from "../src/index.ts";
import { tags } from "../src/pages/html-test-utils.ts";
import type { OAuthProviderConfig } from "../src/providers/types.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";

const APP = "http://localhost:3000";
const callbackOf = (id: string) => `${APP}/api/auth/callback/${id}`;

/** Log lines of one handler, to check that no code, assertion or token is ever logged. */
function recordingLogger(lines: string[]) {
  const record = (code: string, detail?: unknown) => lines.push(`${code} ${JSON.stringify(detail ?? "")}`);
  return { error: record, warn: record };
}

function app(providers: OAuthProviderConfig[], log: string[] = [], tap?: SentRequest[]): TestBrowser {
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    logger: recordingLogger(log),
    providers,
    ...(tap ? { fetch: tapFetch(tap) } : {}),
  });
  return new TestBrowser(auth.handler);
}

interface SentRequest {
  url: string;
  authorization: string | null;
  body: URLSearchParams;
}

/** Passes every request on to the real provider and records what was sent (how the client authenticated). */
function tapFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = new URLSearchParams(request.method === "POST" ? await request.clone().text() : "");
    sent.push({ url: request.url, authorization: request.headers.get("authorization"), body });
    return fetch(request, { redirect: "manual" });
  };
}

async function startSignIn(browser: TestBrowser, providerId: string): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
}

function errorOf(response: Response): string | null {
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams.get("error") : null;
}

async function sessionUser(browser: TestBrowser): Promise<unknown> {
  const session = (await (await browser.request("/api/auth/session")).json()) as { user?: unknown };
  return session.user;
}

/** Full query-mode sign-in: start, log in at the provider, come back; returns the callback answer. */
async function signIn(browser: TestBrowser, op: DevProvider, providerId: string, username: string) {
  const started = await startSignIn(browser, providerId);
  assert.equal(started.status, 302, `sign-in start failed: ${started.headers.get("location")}`);
  const authorization = new URL(started.headers.get("location")!);
  const back = await loginAtDevProvider(op.issuer, authorization.href, username);
  const done = await browser.request(back.pathname + back.search);
  return { authorization, done };
}

function assertSignedIn(done: Response, error = errorOf(done)): void {
  assert.equal(done.status, 302);
  assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${error}`);
  assert.ok(setCookie(done, "gatehouse.session-token"));
}

/** Logs in and returns the provider's auto-submitting form_post page, parsed (action + hidden fields). */
async function loginWithFormPost(op: DevProvider, authorizationUrl: string, username: string) {
  const person = new Browser();
  const toForm = await person.request(authorizationUrl);
  const formUrl = new URL(toForm.headers.get("location") ?? "", op.issuer);
  await person.request(formUrl.href);
  let response = await person.request(formUrl.href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username }),
  });
  for (let hops = 0; hops < 10 && response.status >= 300 && response.status < 400; hops++) {
    response = await person.request(new URL(response.headers.get("location")!, op.issuer).href);
  }
  assert.equal(response.status, 200);
  return parseForm(await response.text());
}

function parseForm(html: string): { action: string; fields: Record<string, string> } {
  const [form] = tags(html, "form");
  assert.ok(form, "page has a form");
  const fields: Record<string, string> = {};
  for (const input of tags(html, "input")) {
    if (input.type === "hidden" && input.name) fields[input.name] = input.value ?? "";
  }
  return { action: form.action ?? "", fields };
}

describe("client authentication, request objects, PAR and form_post against a real oidc-provider", () => {
  let op: DevProvider;
  let jarOp: DevProvider;
  let parOp: DevProvider;
  let privateJwk: JWK;
  let privateKey: CryptoKey;
  let publicJwk: JWK;
  let otherPublicJwk: JWK;

  before(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateKey = pair.privateKey;
    privateJwk = { ...(await exportJWK(pair.privateKey)), kid: "client-1" };
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "client-1", alg: "RS256", use: "sig" };
    const other = await generateKeyPair("RS256", { extractable: true });
    otherPublicJwk = { ...(await exportJWK(other.publicKey)), kid: "client-1", alg: "RS256", use: "sig" };

    // oidc-provider 9 enables PAR by default, so this one advertises pushed_authorization_request_endpoint.
    op = await startDevProvider({
      clients: [
        { client_id: "basic", client_secret: "basic-secret", redirect_uris: [callbackOf("basic")] },
        {
          client_id: "post",
          client_secret: "post-secret",
          token_endpoint_auth_method: "client_secret_post",
          redirect_uris: [callbackOf("post"), callbackOf("post-default")],
        },
        {
          client_id: "pkjwt",
          token_endpoint_auth_method: "private_key_jwt",
          jwks: { keys: [publicJwk] },
          redirect_uris: [callbackOf("pkjwt"), callbackOf("pkjwt-front")],
        },
        {
          client_id: "pkjwt-other-key",
          token_endpoint_auth_method: "private_key_jwt",
          jwks: { keys: [otherPublicJwk] },
          redirect_uris: [callbackOf("wrong-key"), callbackOf("wrong-key-par")],
        },
        { client_id: "fp", client_secret: "fp-secret", redirect_uris: [callbackOf("fp")] },
      ],
    });
    jarOp = await startDevProvider({
      features: {
        requestObjects: { enabled: true, requireSignedRequestObject: true },
        pushedAuthorizationRequests: { enabled: false },
      },
      clients: [
        {
          client_id: "jar",
          client_secret: "jar-secret",
          jwks: { keys: [publicJwk] },
          redirect_uris: [callbackOf("jar"), callbackOf("jar-no-key")],
        },
      ],
    });
    parOp = await startDevProvider({
      features: {
        requestObjects: { enabled: true },
        pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: true },
      },
      clients: [
        {
          client_id: "par",
          client_secret: "par-secret",
          jwks: { keys: [publicJwk] },
          redirect_uris: [callbackOf("par"), callbackOf("par-jar")],
        },
      ],
    });
  });
  after(async () => {
    await Promise.all([op.close(), jarOp.close(), parOp.close()]);
  });

  const provider = (id: string, issuer: () => string, rest: Partial<OAuthProviderConfig>) => () =>
    OIDC({ id, name: id, issuer: issuer(), clientId: id, ...rest });

  test("PAR advertised: the browser URL carries only client_id and request_uri; sign-in completes", async () => {
    const browser = app([provider("basic", () => op.issuer, { clientSecret: "basic-secret" })()]);
    const { authorization, done } = await signIn(browser, op, "basic", "Ada Lovelace");
    assert.deepEqual([...authorization.searchParams.keys()].sort(), ["client_id", "request_uri"]);
    assert.equal(authorization.searchParams.get("client_id"), "basic");
    assert.match(authorization.searchParams.get("request_uri")!, /^urn:ietf:params:oauth:request_uri:/);
    assertSignedIn(done);
    assert.deepEqual(await sessionUser(browser), {
      name: "Ada Lovelace",
      email: "ada-lovelace@example.test",
      image: null,
    });
  });

  test("pushedAuthorizationRequests: false keeps the classic front-channel request", async () => {
    const browser = app([
      provider("basic", () => op.issuer, {
        clientSecret: "basic-secret",
        pushedAuthorizationRequests: false,
      })(),
    ]);
    const { authorization, done } = await signIn(browser, op, "basic", "grace");
    assert.equal(authorization.searchParams.get("request_uri"), null);
    assert.equal(authorization.searchParams.get("code_challenge_method"), "S256");
    assert.ok(authorization.searchParams.get("state"));
    assertSignedIn(done);
  });

  test("client_secret_post: id and secret in the body of the PAR and token requests, no Basic header", async () => {
    const sent: SentRequest[] = [];
    const browser = app(
      [
        provider("post", () => op.issuer, {
          clientSecret: "post-secret",
          clientAuthMethod: "client_secret_post",
        })(),
      ],
      [],
      sent,
    );
    const { done } = await signIn(browser, op, "post", "post user");
    assertSignedIn(done);
    assert.deepEqual(await sessionUser(browser), {
      name: "post user",
      email: "post-user@example.test",
      image: null,
    });
    const authenticated = sent.filter((r) => r.url.endsWith("/request") || r.url.endsWith("/token"));
    assert.equal(authenticated.length, 2, sent.map((r) => r.url).join(", "));
    for (const request of authenticated) {
      assert.equal(request.authorization, null);
      assert.equal(request.body.get("client_id"), "post");
      assert.equal(request.body.get("client_secret"), "post-secret");
    }
  });

  test("control: the default is client_secret_basic (Authorization header, no secret in the body)", async () => {
    const sent: SentRequest[] = [];
    const browser = app([provider("basic", () => op.issuer, { clientSecret: "basic-secret" })()], [], sent);
    assertSignedIn((await signIn(browser, op, "basic", "basic user")).done);
    const authenticated = sent.filter((r) => r.url.endsWith("/request") || r.url.endsWith("/token"));
    assert.equal(authenticated.length, 2);
    for (const request of authenticated) {
      assert.match(request.authorization ?? "", /^Basic /);
      assert.equal(request.body.get("client_secret"), null);
    }
  });

  test("private_key_jwt: a signed assertion (iss = sub = client_id, aud = issuer) and no secret", async () => {
    const sent: SentRequest[] = [];
    const browser = app(
      [
        provider("pkjwt", () => op.issuer, {
          clientAuthMethod: "private_key_jwt",
          clientPrivateKey: { key: privateJwk },
        })(),
      ],
      [],
      sent,
    );
    assertSignedIn((await signIn(browser, op, "pkjwt", "asserted")).done);
    const token = sent.find((r) => r.url.endsWith("/token"));
    assert.ok(token);
    assert.equal(token.authorization, null);
    assert.equal(
      token.body.get("client_assertion_type"),
      "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    );
    const { payload, protectedHeader } = await jwtVerify(
      token.body.get("client_assertion")!,
      await importJWK(publicJwk, "RS256"),
      { issuer: "pkjwt", subject: "pkjwt", audience: op.issuer },
    );
    assert.equal(protectedHeader.kid, "client-1");
    assert.ok(typeof payload.jti === "string");
  });

  test("private_key_jwt (CryptoKey): signed client assertion at the PAR and token endpoints", async () => {
    const browser = app([
      provider("pkjwt", () => op.issuer, {
        clientAuthMethod: "private_key_jwt",
        clientPrivateKey: { key: privateKey, kid: "client-1" },
      })(),
    ]);
    const { authorization, done } = await signIn(browser, op, "pkjwt", "key holder");
    assert.ok(authorization.searchParams.get("request_uri"));
    assertSignedIn(done);
  });

  test("private_key_jwt (JWK) without PAR: the assertion is checked at the token endpoint", async () => {
    const browser = app([
      {
        ...provider("pkjwt", () => op.issuer, {
          clientAuthMethod: "private_key_jwt",
          clientPrivateKey: { key: privateJwk },
          pushedAuthorizationRequests: false,
        })(),
        id: "pkjwt-front",
      },
    ]);
    const { done } = await signIn(browser, op, "pkjwt-front", "jwk holder");
    assertSignedIn(done);
  });

  test("the provider rejecting the client assertion (unregistered key) at the token endpoint: OAuthCallback, no session", async () => {
    const log: string[] = [];
    const browser = app(
      [
        OIDC({
          id: "wrong-key",
          name: "Wrong key",
          issuer: op.issuer,
          clientId: "pkjwt-other-key",
          clientAuthMethod: "private_key_jwt",
          clientPrivateKey: { key: privateJwk },
          pushedAuthorizationRequests: false,
        }),
      ],
      log,
    );
    const { done } = await signIn(browser, op, "wrong-key", "mallory");
    assert.equal(errorOf(done), "OAuthCallback");
    assert.equal(setCookie(done, "gatehouse.session-token"), undefined);
    assert.match(log.join("\n"), /invalid_client/);
    assert.doesNotMatch(log.join("\n"), /eyJ/, "no assertion or token in the log");
  });

  test("the same rejected assertion at the PAR endpoint: OAuthSignin before the browser leaves", async () => {
    const browser = app([
      OIDC({
        id: "wrong-key-par",
        name: "Wrong key",
        issuer: op.issuer,
        clientId: "pkjwt-other-key",
        clientAuthMethod: "private_key_jwt",
        clientPrivateKey: { key: privateJwk },
      }),
    ]);
    const started = await startSignIn(browser, "wrong-key-par");
    assert.equal(errorOf(started), "OAuthSignin");
    assert.equal(setCookie(started, "gatehouse.session-token"), undefined);
  });

  test("request object required by the provider: signed, exp = iat + 300 s, only client_id and request in the URL", async () => {
    const browser = app([
      provider("jar", () => jarOp.issuer, {
        clientSecret: "jar-secret",
        clientPrivateKey: { key: privateJwk },
      })(),
    ]);
    const started = await startSignIn(browser, "jar");
    const authorization = new URL(started.headers.get("location")!);
    assert.deepEqual([...authorization.searchParams.keys()].sort(), ["client_id", "request"]);
    const request = authorization.searchParams.get("request")!;
    assert.deepEqual(decodeProtectedHeader(request), {
      alg: "RS256",
      typ: "oauth-authz-req+jwt",
      kid: "client-1",
    });
    const { payload } = await jwtVerify(request, await importJWK(publicJwk, "RS256"), {
      issuer: "jar",
      audience: jarOp.issuer,
      typ: "oauth-authz-req+jwt",
    });
    assert.equal(payload.exp! - payload.iat!, 300);
    assert.equal(payload.redirect_uri, callbackOf("jar"));
    assert.equal(payload.code_challenge_method, "S256");
    assert.ok(typeof payload.state === "string" && typeof payload.nonce === "string");

    const back = await loginAtDevProvider(jarOp.issuer, authorization.href, "signed request");
    assertSignedIn(await browser.request(back.pathname + back.search));
  });

  test("request object required but no clientPrivateKey: OAuthSignin with a how-to-fix cause", async () => {
    const log: string[] = [];
    const browser = app(
      [{ ...provider("jar", () => jarOp.issuer, { clientSecret: "jar-secret" })(), id: "jar-no-key" }],
      log,
    );
    const started = await startSignIn(browser, "jar-no-key");
    assert.equal(errorOf(started), "OAuthSignin");
    assert.match(log.join("\n"), /set clientPrivateKey/);
  });

  test("PAR required: used even when the config opts out; sign-in completes", async () => {
    const browser = app([
      provider("par", () => parOp.issuer, {
        clientSecret: "par-secret",
        pushedAuthorizationRequests: false,
      })(),
    ]);
    const { authorization, done } = await signIn(browser, parOp, "par", "pushed");
    assert.deepEqual([...authorization.searchParams.keys()].sort(), ["client_id", "request_uri"]);
    assertSignedIn(done);
  });

  test("PAR required + requestObject: the signed request object is pushed; sign-in completes", async () => {
    const browser = app([
      {
        ...provider("par", () => parOp.issuer, {
          clientSecret: "par-secret",
          requestObject: true,
          clientPrivateKey: { key: privateJwk },
        })(),
        id: "par-jar",
      },
    ]);
    const { authorization, done } = await signIn(browser, parOp, "par-jar", "pushed and signed");
    assert.deepEqual([...authorization.searchParams.keys()].sort(), ["client_id", "request_uri"]);
    assertSignedIn(done);
  });

  test("form_post: the cross-site POST arrives without the Lax check cookies, is relayed once through our origin, and signs in", async () => {
    const browser = app([
      provider("fp", () => op.issuer, { clientSecret: "fp-secret", responseMode: "form_post" })(),
    ]);
    const started = await startSignIn(browser, "fp");
    for (const name of ["gatehouse.state", "gatehouse.pkce.code_verifier", "gatehouse.nonce"]) {
      assert.match(setCookie(started, name) ?? "", /SameSite=Lax/, `${name} stays SameSite=Lax`);
    }
    const posted = await loginWithFormPost(op, started.headers.get("location")!, "Form Poster");
    assert.equal(posted.action, callbackOf("fp"));
    assert.ok(posted.fields.code && posted.fields.state);
    assert.equal(posted.fields.iss, op.issuer);

    // As a browser sends it cross-site: no Gatehouse cookie at all.
    const crossSite = await browser.request(posted.action, {
      form: posted.fields,
      headers: { cookie: "", origin: op.issuer, "sec-fetch-site": "cross-site" },
    });
    assert.equal(crossSite.status, 200);
    assert.equal(crossSite.headers.get("location"), null, "the code never goes into a URL");
    assert.equal(setCookie(crossSite, "gatehouse.state"), undefined, "check cookies are not touched");
    assert.equal(crossSite.headers.get("cache-control"), "no-store");
    assert.equal(crossSite.headers.get("referrer-policy"), "no-referrer");
    const html = await crossSite.text();
    const nonce = /script-src 'nonce-([\w-]+)'/.exec(
      crossSite.headers.get("content-security-policy") ?? "",
    )?.[1];
    assert.ok(nonce, "CSP allows exactly the page's own script");
    assert.match(
      html,
      new RegExp(
        `<script nonce="${nonce}">HTMLFormElement\\.prototype\\.submit\\.call\\(document\\.forms\\[0\\]\\)</script>`,
      ),
    );
    assert.match(html, /<button type="submit" class="button">Continue<\/button>/);
    const relayed = parseForm(html);
    assert.equal(relayed.action, callbackOf("fp"));
    assert.deepEqual(relayed.fields, { ...posted.fields, [RELAY_FIELD]: "1" });

    // The page's own POST is same-site: the browser sends the cookies now.
    const done = await browser.request(relayed.action, { form: relayed.fields, headers: { origin: APP } });
    assertSignedIn(done);
    assert.deepEqual(await sessionUser(browser), {
      name: "Form Poster",
      email: "form-poster@example.test",
      image: null,
    });
  });

  test("form_post relay runs once: a relayed POST still without cookies fails (OAuthCallback), no loop", async () => {
    const browser = app([
      provider("fp", () => op.issuer, { clientSecret: "fp-secret", responseMode: "form_post" })(),
    ]);
    const started = await startSignIn(browser, "fp");
    const posted = await loginWithFormPost(op, started.headers.get("location")!, "looper");
    const relayedWithoutCookies = await browser.request(posted.action, {
      form: { ...posted.fields, [RELAY_FIELD]: "1" },
      headers: { cookie: "" },
    });
    assert.equal(relayedWithoutCookies.status, 302);
    assert.equal(errorOf(relayedWithoutCookies), "OAuthCallback");
    assert.equal(setCookie(relayedWithoutCookies, "gatehouse.session-token"), undefined);
  });
});

describe("a PAR endpoint that misbehaves (a small local fake)", () => {
  let server: Server;
  let issuer: string;
  let par: "500-html" | "201-html" | "no-request-uri" = "500-html";

  before(async () => {
    server = createServer((req, res) => {
      const path = (req.url ?? "/").split("?")[0];
      if (path === "/.well-known/openid-configuration") {
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            pushed_authorization_request_endpoint: `${issuer}/par`,
            response_types_supported: ["code"],
          }),
        );
        return;
      }
      if (path === "/par") {
        req.resume();
        if (par === "no-request-uri") {
          res.writeHead(201, { "content-type": "application/json" }).end('{"expires_in":60}');
        } else {
          res
            .writeHead(par === "500-html" ? 500 : 201, { "content-type": "text/html" })
            .end("<html><body>Internal error</body></html>");
        }
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  for (const behaviour of ["500-html", "201-html", "no-request-uri"] as const) {
    test(`PAR endpoint answering ${behaviour}: OAuthSignin, no session, nothing sent to the browser`, async () => {
      par = behaviour;
      const browser = app([OIDC({ id: "fake", name: "Fake", issuer, clientId: "c", clientSecret: "s" })]);
      const started = await startSignIn(browser, "fake");
      assert.equal(errorOf(started), "OAuthSignin");
      assert.notEqual(new URL(started.headers.get("location")!).origin, issuer);
      assert.equal(setCookie(started, "gatehouse.session-token"), undefined);
      assert.equal(setCookie(started, "gatehouse.state"), undefined, "no check cookies for a failed start");
    });
  }
});
