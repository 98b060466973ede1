import assert from "node:assert/strict";
import { test } from "node:test";
import { webAuthn } from "@gatehouse/passkeys";
import { APP, BASE, TestBrowser } from "../../test/support/flows.ts";
import { createMemoryAdapter } from "../adapter/memory-adapter.ts";
import { type GatehouseOptions, gatehouse, Password } from "../index.ts";
import { tags } from "../pages/html-test-utils.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";

/** Passkeys on (`true`, or settings without the ceremonies, which are added) or off. */
type PasskeysOn = true | false | undefined | { readonly signUp: boolean };

function browserFor(on: PasskeysOn): TestBrowser {
  const passkeys: GatehouseOptions["passkeys"] =
    on === true ? { webAuthn: webAuthn() } : on ? { ...on, webAuthn: webAuthn() } : on;
  const auth = gatehouse({
    secret: SECRET,
    url: BASE,
    adapter: createMemoryAdapter(),
    providers: [Password({ sendMail: async () => {} })],
    ...(passkeys === undefined ? {} : { passkeys }),
    logger: { error: () => {}, warn: () => {} },
  });
  return new TestBrowser((request) => auth.handler(request, { clientAddress: "100.64.0.1" }));
}

const CALLBACK = `${APP}/welcome`;

test("GET passkey-signup: the page, whose CSRF token and callback URL are what the script posts", async () => {
  const browser = browserFor(true);
  const response = await browser.request(
    `/api/auth/passkey-signup?callbackUrl=${encodeURIComponent(CALLBACK)}`,
  );
  assert.equal(response.status, 200);
  const csp = response.headers.get("content-security-policy") ?? "";
  assert.match(csp, /script-src 'nonce-[\w-]+'/);
  assert.match(csp, /connect-src 'self'/);
  const html = await response.text();
  const [form] = tags(html, "form");
  assert.equal(form?.["data-passkey"], "signup");
  assert.equal(form?.["data-base"], BASE);
  assert.equal(form?.["data-callback-url"], CALLBACK);
  // The page's token passes the JSON endpoint's CSRF check, with the cookie the page set.
  const options = await browser.request("/api/auth/passkey-signup-options", {
    json: { csrfToken: form?.["data-csrf-token"], email: "ada@example.test" },
    headers: { "x-auth-return-redirect": "1" },
  });
  assert.equal(options.status, 200);
  assert.ok(((await options.json()) as { options?: unknown }).options);
});

test("GET passkey-signup is 404 when passkeys are off or passkeys.signUp is false", async () => {
  for (const passkeys of [false, undefined, { signUp: false }] as const) {
    const response = await browserFor(passkeys).request("/api/auth/passkey-signup");
    assert.equal(response.status, 404, JSON.stringify(passkeys));
    assert.equal(((await response.json()) as { error: string }).error, "UnknownAction");
  }
});

test("GET signin: the passkey part and script only with passkeys on; the sign-up link only with signUp", async () => {
  const page = async (passkeys: PasskeysOn) => {
    const response = await browserFor(passkeys).request("/api/auth/signin");
    return { html: await response.text(), csp: response.headers.get("content-security-policy") ?? "" };
  };
  const on = await page(true);
  assert.match(on.html, /data-passkey="signin"/);
  assert.match(on.html, /autoComplete="username webauthn"/);
  assert.match(on.html, /href="http:\/\/localhost:3000\/api\/auth\/passkey-signup\?callbackUrl=/);
  const nonce = /script-src 'nonce-([\w-]+)'/.exec(on.csp)?.[1];
  assert.ok(nonce);
  assert.deepEqual(tags(on.html, "script"), [{ nonce }]);

  const noSignUp = await page({ signUp: false });
  assert.match(noSignUp.html, /data-passkey="signin"/);
  assert.doesNotMatch(noSignUp.html, /href="[^"]*passkey-signup/);

  const off = await page(false);
  assert.doesNotMatch(off.html, /<script|data-passkey|webauthn/);
  assert.doesNotMatch(off.csp, /script-src|connect-src/);
});
