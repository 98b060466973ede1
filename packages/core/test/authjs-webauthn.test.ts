/**
 * Auth.js v5's WebAuthn wire (issue 23), as its client `next-auth/webauthn` speaks it: `GET
 * webauthn-options/passkey?action=…` answers `{ action, options }` and starts the ceremony; `POST
 * callback/passkey` with `action`, `data` (the credential's JSON), `csrfToken` and `callbackUrl`,
 * sent with `X-Auth-Return-Redirect`, finishes it and answers `{ url }`. Driven here with a software
 * authenticator; the real client runs in Chromium in e2e/authjs-v5-webauthn.test.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSoftwareAuthenticator, type SoftwareAuthenticator } from "@gatehouse/passkeys/testing";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, Password } from "../src/index.ts";
import { APP, BASE, SECRET, sessionOf, sessionTokenSet, signOut, TestBrowser } from "./support/flows.ts";
import { CALLBACK, passkeyApp, RP_ID } from "./support/passkey-accounts.ts";
import { firstFactor } from "./support/two-factor-accounts.ts";

type App = ReturnType<typeof passkeyApp>;

function app(): App {
  return passkeyApp(createMemoryAdapter(), { strategy: "jwt" });
}

/** `GET webauthn-options/passkey` with the query the v5 client builds from `signIn`'s options. */
async function webAuthnOptions(browser: TestBrowser, query: Record<string, string> = {}) {
  const response = await browser.request(`/api/auth/webauthn-options/passkey?${new URLSearchParams(query)}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `POST callback/passkey` as the v5 client sends it. */
async function callback(browser: TestBrowser, fields: Record<string, string>, csrfToken?: string) {
  const response = await browser.request("/api/auth/callback/passkey", {
    form: { ...fields, csrfToken: csrfToken ?? (await browser.csrf()), callbackUrl: CALLBACK },
    headers: { "x-auth-return-redirect": "1" },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** Options of the ceremony the answer started, asserting which one. */
function started(answer: { status: number; body: Record<string, unknown> }, action: string) {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.equal(answer.body.action, action);
  return answer.body.options as { challenge: string; user?: { id: string }; allowCredentials?: unknown[] };
}

/** Registers a passkey for the signed-in user through the v5 wire; the authenticator. */
async function registerThroughV5(browser: TestBrowser): Promise<SoftwareAuthenticator> {
  const authenticator = await createSoftwareAuthenticator();
  const options = started(await webAuthnOptions(browser, { action: "register" }), "register");
  const credential = await authenticator.register({ challenge: options.challenge, origin: APP, rpId: RP_ID });
  const answer = await callback(browser, { action: "register", data: JSON.stringify(credential) });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  assert.deepEqual(answer.body, { url: CALLBACK });
  return authenticator;
}

describe("Auth.js v5's WebAuthn endpoints (next-auth/webauthn)", () => {
  test("signed in, action=register adds a passkey; signed out, no action signs in with it", async () => {
    const passkeys = app();
    const userId = await passkeys.seedUser("ada@example.test");
    const browser = passkeys.browser();
    assert.ok(sessionTokenSet(await firstFactor(browser, "ada@example.test")));
    const authenticator = await registerThroughV5(browser);
    assert.equal((await passkeys.adapter.listPasskeys!(userId)).length, 1);
    await signOut(browser);

    const options = started(await webAuthnOptions(browser), "authenticate");
    // Discoverable: no credential list, which would tell whose passkeys an address has.
    assert.deepEqual(options.allowCredentials ?? [], []);
    const assertion = await authenticator.assert({ challenge: options.challenge, origin: APP, rpId: RP_ID });
    const answer = await callback(browser, { action: "authenticate", data: JSON.stringify(assertion) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { url: CALLBACK });
    assert.ok(sessionTokenSet(answer.response));
    assert.equal((await sessionOf(browser)).user?.email, "ada@example.test");
  });

  test("action=authenticate with an email: the same discoverable ceremony, nothing about the address", async () => {
    const passkeys = app();
    await passkeys.seedUser("ada@example.test");
    const known = started(
      await webAuthnOptions(passkeys.browser(), { action: "authenticate", email: "ada@example.test" }),
      "authenticate",
    );
    const unknown = started(
      await webAuthnOptions(passkeys.browser(), { email: "nobody@example.test" }),
      "authenticate",
    );
    assert.deepEqual(known.allowCredentials ?? [], []);
    assert.deepEqual(unknown.allowCredentials ?? [], []);
  });

  test("signed out, action=register with an email: passkey-only sign-up, to the check-your-email page", async () => {
    const passkeys = app();
    const browser = passkeys.browser();
    const options = started(
      await webAuthnOptions(browser, { action: "register", email: "new@example.test" }),
      "register",
    );
    const authenticator = await createSoftwareAuthenticator();
    const credential = await authenticator.register({
      challenge: options.challenge,
      origin: APP,
      rpId: RP_ID,
    });
    const answer = await callback(browser, { action: "register", data: JSON.stringify(credential) });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.deepEqual(answer.body, { url: `${BASE}/verify-request?provider=passkey&type=signup` });
    assert.ok(await passkeys.adapter.getUserByEmail("new@example.test"));
  });

  test("refusals: a bad action (400), no action signed in (400), a missing CSRF token, a passkey that does not verify", async () => {
    const passkeys = app();
    await passkeys.seedUser("ada@example.test");
    const browser = passkeys.browser();
    assert.equal((await webAuthnOptions(browser, { action: "delete" })).body.error, "InvalidBody");
    assert.equal((await webAuthnOptions(browser, { action: "register" })).body.error, "EmailInvalid");
    assert.ok(sessionTokenSet(await firstFactor(browser, "ada@example.test")));
    const unnamed = await webAuthnOptions(browser);
    assert.equal(unnamed.status, 400);
    assert.equal(unnamed.body.error, "InvalidBody");
    await signOut(browser);

    const options = started(await webAuthnOptions(browser), "authenticate");
    const stranger = await createSoftwareAuthenticator();
    const assertion = JSON.stringify(
      await stranger.assert({ challenge: options.challenge, origin: APP, rpId: RP_ID }),
    );
    await browser.csrf();
    const forged = await callback(browser, { action: "authenticate", data: assertion }, "0".repeat(64));
    assert.equal(forged.status, 403);
    assert.equal(new URL(String(forged.body.url)).searchParams.get("error"), "MissingCSRF");

    const unknown = await callback(browser, { action: "authenticate", data: assertion });
    assert.equal(unknown.status, 401);
    assert.equal(new URL(String(unknown.body.url)).searchParams.get("error"), "PasskeyInvalid");
    assert.equal(sessionTokenSet(unknown.response), undefined);

    const noAction = await callback(browser, { data: assertion });
    assert.equal(noAction.status, 400);
    assert.equal(new URL(String(noAction.body.url)).searchParams.get("error"), "InvalidBody");
  });

  test("POST signin/passkey (the providers list's signinUrl) goes to the sign-in page", async () => {
    const passkeys = app();
    const browser = passkeys.browser();
    const answer = await browser.request("/api/auth/signin/passkey", {
      form: { csrfToken: await browser.csrf(), callbackUrl: CALLBACK },
    });
    assert.equal(answer.status, 302);
    assert.equal(
      answer.headers.get("location"),
      `${BASE}/signin?callbackUrl=${encodeURIComponent(CALLBACK)}`,
    );
  });

  test("without passkeys, webauthn-options and callback/passkey do not exist", async () => {
    const auth = gatehouse({
      secret: SECRET,
      url: BASE,
      adapter: createMemoryAdapter(),
      providers: [Password({ sendMail: async () => {} })],
      logger: { error() {}, warn() {} },
    });
    const browser = new TestBrowser(auth.handler);
    assert.equal((await browser.request("/api/auth/webauthn-options/passkey")).status, 404);
    const answer = await browser.request("/api/auth/callback/passkey", {
      form: { csrfToken: await browser.csrf(), action: "authenticate", data: "{}" },
    });
    assert.equal(answer.status, 404);
  });
});
