/**
 * Issue 23: a refused sign-up or sign-in form came back empty. The browser's redirect back to the
 * form now carries the address (and the sign-up's name) so the page shows them again; the password
 * never travels back, and a JSON client (which keeps its own form) gets the same `url` as before.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { Email, gatehouse, Password } from "../src/index.ts";
import { APP, SECRET, TestBrowser } from "./support/flows.ts";
import { seedPasswordUser } from "./support/seed.ts";

const SECRET_PASSWORD = "a-password-nobody-sees";

function app() {
  const adapter = createMemoryAdapter();
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [Email({ sendVerificationRequest: async () => {} }), Password({ sendMail: async () => {} })],
    rateLimit: false,
  });
  return { adapter, browser: () => new TestBrowser((request) => auth.handler(request)) };
}

async function post(browser: TestBrowser, path: string, values: Record<string, string>, json = false) {
  const csrfToken = await browser.csrf();
  return browser.request(path, {
    form: { csrfToken, callbackUrl: `${APP}/home`, ...values },
    ...(json ? { headers: { "x-auth-return-redirect": "1" } } : {}),
  });
}

/** The `value` of the input named `name`, or null when it has none. */
function inputValue(html: string, name: string): string | null {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  assert.ok(input, `an input named ${name}`);
  return /value="([^"]*)"/.exec(input)?.[1] ?? null;
}

test("a refused sign-up shows the address and name again, never the password", async () => {
  const browser = app().browser();
  const refused = await post(browser, "/api/auth/signup", {
    email: "Ana@Example.test",
    name: "Ana <b>Silva</b>",
    password: "short",
  });
  const location = refused.headers.get("location") ?? "";
  assert.match(location, /\/api\/auth\/signup\?/);
  assert.doesNotMatch(location, /short|password=/);
  const page = await (await browser.request(location)).text();
  assert.equal(inputValue(page, "email"), "Ana@Example.test");
  assert.equal(inputValue(page, "name"), "Ana &lt;b&gt;Silva&lt;/b&gt;");
  assert.equal(inputValue(page, "password"), null);
  assert.match(page, /role="alert"/);
});

test("a malformed address comes back as typed, to correct rather than retype", async () => {
  const browser = app().browser();
  const refused = await post(browser, "/api/auth/signup", { email: "ana@", password: SECRET_PASSWORD });
  const location = refused.headers.get("location") ?? "";
  assert.doesNotMatch(location, new RegExp(SECRET_PASSWORD));
  const page = await (await browser.request(location)).text();
  assert.equal(inputValue(page, "email"), "ana@");
});

test("a refused password sign-in shows the address again, never the password", async () => {
  const { adapter, browser } = app();
  await seedPasswordUser(adapter, "ana@example.test", { now: Date.now() });
  const b = browser();
  const refused = await post(b, "/api/auth/callback/password", {
    email: "ana@example.test",
    password: SECRET_PASSWORD,
  });
  const location = refused.headers.get("location") ?? "";
  assert.match(location, /error=CredentialsSignin/);
  assert.doesNotMatch(location, new RegExp(SECRET_PASSWORD));
  const page = await (await b.request(location)).text();
  assert.equal(inputValue(page, "email"), "ana@example.test");
  assert.equal(inputValue(page, "password"), null);
  assert.doesNotMatch(page, new RegExp(SECRET_PASSWORD));
});

test("a refused email-link sign-in shows the typed address again", async () => {
  const b = app().browser();
  const refused = await post(b, "/api/auth/signin/email", { email: "not an address" });
  const location = new URL(refused.headers.get("location") ?? "");
  assert.equal(location.searchParams.get("error"), "EmailSignin");
  assert.equal(location.searchParams.get("email"), "not an address");
});

test("JSON clients: the refusal's url is what it was (no typed fields in it)", async () => {
  const b = app().browser();
  const refused = await post(
    b,
    "/api/auth/callback/password",
    { email: "ana@example.test", password: SECRET_PASSWORD },
    true,
  );
  const body = (await refused.json()) as { url: string };
  assert.equal(new URL(body.url).searchParams.get("email"), null);
  assert.equal(new URL(body.url).searchParams.get("error"), "CredentialsSignin");
});
