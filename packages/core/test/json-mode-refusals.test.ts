/**
 * Issue 23: next-auth v4's `signIn(id, { redirect: false })` runs `new URL(data.url)` on the JSON
 * answer of every sign-in and callback POST, so an answer without `url` threw `TypeError: Failed to
 * construct 'URL'` in the app (the 429 of a rate limit or a lockout was one). Every refusal a client in
 * JSON mode gets from these endpoints carries a `url` whose `error` is the catalogue code, with the
 * code's status and the fields it had (`error`, `message`, `retryAfter`); the second step of
 * two-factor carries the step's URL, without `error`, so the app goes there. The real v4 client runs
 * against these answers in Chromium in e2e/authjs-v4-client.test.ts.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { totp } from "@gatehouse/two-factor";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { Credentials, gatehouse, Password } from "../src/index.ts";
import { browsers } from "./support/browsers.ts";
import { APP, BASE, recordingLogger, SECRET, signOut, type TestBrowser } from "./support/flows.ts";
import { PASSWORD, seedPasswordUser } from "./support/seed.ts";
import { postJson, totpCode } from "./support/two-factor-accounts.ts";

const CALLBACK = `${APP}/dashboard`;

function app(options: { lockout?: boolean; perIp?: number } = {}) {
  const adapter = createMemoryAdapter();
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const auth = gatehouse({
    secret: SECRET,
    url: BASE,
    adapter,
    providers: [
      Password({ sendMail: async () => {} }),
      Credentials({ id: "pin", credentials: { pin: {} }, authorize: () => null }),
    ],
    logger: recordingLogger(),
    now: () => clock.now,
    twoFactor: { totp: totp(), issuer: "Gatehouse Test" },
    rateLimit: {
      lockout: options.lockout ? { threshold: 2 } : false,
      rules: { passwordSignIn: { ip: { limit: options.perIp ?? 100, windowMs: 60_000 } } },
    },
  });
  const browser = browsers(auth.handler, (n) => `100.64.1.${n}`);
  return { auth, adapter, clock, browser };
}

/** What next-auth v4's client posts for `signIn("password", { redirect: false, email, password })`. */
async function v4SignIn(browser: TestBrowser, fields: Record<string, string>, csrfToken?: string) {
  return browser.request("/api/auth/callback/password", {
    form: {
      redirect: "false",
      ...fields,
      csrfToken: csrfToken ?? (await browser.csrf()),
      callbackUrl: CALLBACK,
      json: "true",
    },
  });
}

/**
 * The answer as the v4 client reads it (`new URL(data.url).searchParams.get("error")`, which must not
 * throw), checked against the expected status and code; the body.
 */
async function refusal(response: Response, status: number, code: string | null) {
  assert.equal(response.status, status);
  const body = (await response.json()) as Record<string, unknown>;
  assert.equal(typeof body.url, "string", `a url in ${JSON.stringify(body)}`);
  const url = new URL(body.url as string);
  assert.equal(url.searchParams.get("error"), code);
  assert.equal(url.origin, APP);
  return { body, url };
}

describe("JSON-mode refusals of sign-in carry a url (issue 23)", () => {
  test("rate limited: 429 with Retry-After, {error, message, retryAfter} and a url to the error page", async () => {
    const { browser } = app({ perIp: 1 });
    const ada = browser();
    await refusal(
      await v4SignIn(ada, { email: "ada@example.test", password: "wrong" }),
      401,
      "CredentialsSignin",
    );
    const limited = await v4SignIn(ada, { email: "ada@example.test", password: "wrong" });
    assert.match(limited.headers.get("retry-after") ?? "", /^\d+$/);
    const { body, url } = await refusal(limited, 429, "RateLimited");
    assert.equal(body.error, "RateLimited");
    assert.equal(typeof body.message, "string");
    assert.equal(body.retryAfter, Number(limited.headers.get("retry-after")));
    assert.equal(`${url.origin}${url.pathname}`, `${BASE}/error`);

    // The page the url names says what happened (not the default page), in its own status.
    const page = await ada.request(url.pathname + url.search);
    assert.equal(page.status, 429);
    assert.match(await page.text(), /Too many attempts/);
  });

  test("rate limited, asked for by the v5 header instead: the same url", async () => {
    const { browser } = app({ perIp: 1 });
    const ada = browser();
    const post = async () =>
      ada.request("/api/auth/callback/password", {
        form: { email: "ada@example.test", password: "wrong", csrfToken: await ada.csrf() },
        headers: { "x-auth-return-redirect": "1" },
      });
    await post();
    await refusal(await post(), 429, "RateLimited");
  });

  test("locked: the lockout's 429 carries the url too", async () => {
    const { browser, adapter, clock } = app({ lockout: true });
    await seedPasswordUser(adapter, "ada@example.test", { now: clock.now });
    const ada = browser();
    for (let i = 0; i < 2; i++) {
      await refusal(
        await v4SignIn(ada, { email: "ada@example.test", password: "wrong" }),
        401,
        "CredentialsSignin",
      );
    }
    // Locked now: even the right password is refused before it is checked.
    const { body } = await refusal(
      await v4SignIn(ada, { email: "ada@example.test", password: PASSWORD }),
      429,
      "RateLimited",
    );
    assert.equal(body.error, "RateLimited");
  });

  test("account disabled: 403 and a url to the sign-in page with AccountDisabled", async () => {
    const { browser, adapter, clock } = app();
    const id = await seedPasswordUser(adapter, "ada@example.test", { now: clock.now });
    await adapter.setUserDisabled(id, new Date(clock.now));
    const { url } = await refusal(
      await v4SignIn(browser(), { email: "ada@example.test", password: PASSWORD }),
      403,
      "AccountDisabled",
    );
    assert.equal(url.searchParams.get("callbackUrl"), CALLBACK);
  });

  test("email not verified: 403 and a url with EmailNotVerified", async () => {
    const { browser, adapter, clock } = app();
    const id = await seedPasswordUser(adapter, "ada@example.test", { now: clock.now });
    await adapter.updateUser({ id, emailVerified: null });
    await refusal(
      await v4SignIn(browser(), { email: "ada@example.test", password: PASSWORD }),
      403,
      "EmailNotVerified",
    );
  });

  test("CSRF refused: 403 and a url to the sign-in page with MissingCSRF (password and credentials)", async () => {
    const { browser } = app();
    const ada = browser();
    await ada.csrf();
    await refusal(
      await v4SignIn(ada, { email: "ada@example.test", password: PASSWORD }, "not-the-token"),
      403,
      "MissingCSRF",
    );
    const credentials = await ada.request("/api/auth/callback/pin", {
      form: { pin: "1", csrfToken: "not-the-token", callbackUrl: CALLBACK, json: "true" },
    });
    await refusal(credentials, 403, "MissingCSRF");
  });

  test("a request error of a sign-in POST (unknown provider) carries the url too", async () => {
    const { browser } = app();
    const ada = browser();
    const response = await ada.request("/api/auth/callback/nobody", {
      form: { csrfToken: await ada.csrf(), json: "true" },
    });
    const { body } = await refusal(response, 404, "UnknownProvider");
    assert.equal(body.error, "UnknownProvider");
  });

  test("two-factor on: 200 with the second step's url (no error: the app goes there) and twoFactorRequired", async () => {
    const { browser, adapter, clock } = app();
    await seedPasswordUser(adapter, "ada@example.test", { now: clock.now });
    const ada = browser();
    await refusal(await v4SignIn(ada, { email: "ada@example.test", password: PASSWORD }), 200, null);
    const enrolled = await postJson(ada, "two-factor-enroll");
    const secret = enrolled.body.secret as string;
    assert.equal(
      (await postJson(ada, "two-factor-confirm", { code: totpCode(secret, clock.now) })).status,
      200,
    );
    await signOut(ada);

    const { body, url } = await refusal(
      await v4SignIn(ada, { email: "ada@example.test", password: PASSWORD }),
      200,
      null,
    );
    assert.equal(url.href, `${BASE}/two-factor`);
    assert.equal(body.twoFactorRequired, true);
  });

  test("JSON endpoints keep their answers: a failed CSRF check of POST session is still 403 {}", async () => {
    const { browser } = app();
    const ada = browser();
    await ada.csrf();
    const response = await ada.request("/api/auth/session", {
      json: { csrfToken: "not-the-token", data: {} },
      headers: { "x-auth-return-redirect": "1" },
    });
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), {});
  });
});
