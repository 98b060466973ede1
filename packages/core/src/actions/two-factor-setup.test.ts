import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { totp } from "@gatehouse/two-factor";
import { Secret, TOTP } from "otpauth";
import { browsers } from "../../test/support/browsers.ts";
import { APP, BASE, people, sessionTokenSet, signOut, TestBrowser } from "../../test/support/flows.ts";
import { PASSWORD, seedPasswordUser } from "../../test/support/seed.ts";
import { createMemoryAdapter } from "../adapter/memory-adapter.ts";
import { gatehouse, Password } from "../index.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
const HOME = `${APP}/home`;
const SETUP = `${BASE}/two-factor-setup?callbackUrl=${encodeURIComponent(HOME)}`;

/** Password sign-in with `twoFactor.required`, on the memory adapter, with a clock the test moves. */
function requiredApp() {
  const adapter = createMemoryAdapter();
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const auth = gatehouse({
    secret: SECRET,
    url: BASE,
    adapter,
    providers: [Password({ sendMail: async () => {} })],
    now: () => clock.now,
    twoFactor: { totp: totp(), required: true, issuer: "Gatehouse Test" },
    logger: { error: () => {}, warn: () => {} },
  });
  const browser = browsers(auth.handler, "100.64.0.1");
  const seedUser = (email: string) => seedPasswordUser(adapter, email, { now: clock.now });
  return { adapter, clock, browser, seedUser };
}

function code(secret: string, now: number, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: now + offsetSteps * 30_000,
  });
}

async function passwordSignIn(browser: TestBrowser, email: string): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/callback/password", {
    form: { csrfToken, callbackUrl: HOME, email, password: PASSWORD },
  });
}

/** The setup page: its HTML and the key it shows (spaces removed). */
async function setupPage(browser: TestBrowser, url = SETUP): Promise<{ html: string; key: string }> {
  const response = await browser.request(url);
  assert.equal(response.status, 200, response.headers.get("location") ?? "");
  const html = await response.text();
  const key = /<strong class="secret">([^<]+)<\/strong>/.exec(html)?.[1]?.replaceAll(" ", "");
  assert.ok(key, "the key is shown");
  return { html, key };
}

async function postSetup(browser: TestBrowser, fields: Record<string, string>): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/two-factor-setup", { form: { csrfToken, callbackUrl: HOME, ...fields } });
}

describe("two-factor-setup (the enrolment page)", () => {
  test("twoFactor.required: sign-in → the page → a wrong code keeps the key → a new key → the right code → backup codes once", async () => {
    const app = requiredApp();
    const userId = await app.seedUser("ada@example.test");
    const ada = app.browser();

    const signedIn = await passwordSignIn(ada, "ada@example.test");
    assert.ok(sessionTokenSet(signedIn));
    assert.equal(signedIn.headers.get("location"), SETUP);

    const first = await setupPage(ada);
    assert.match(first.html, /<div class="qr" role="img" aria-label="[^"]+"><svg /);
    assert.equal((await app.adapter.getTwoFactor(userId))?.enabledAt, null);
    // A reload shows the same key: the app may hold it already.
    assert.equal((await setupPage(ada)).key, first.key);

    const wrong = await postSetup(ada, { code: code(first.key, app.clock.now, 10) });
    assert.equal(wrong.status, 302);
    assert.equal(wrong.headers.get("location"), `${SETUP}&error=TwoFactorCodeInvalid`);
    const again = await setupPage(ada, wrong.headers.get("location")!);
    assert.equal(again.key, first.key, "a wrong code does not restart the enrolment");
    assert.match(
      again.html,
      /role="alert" id="form-error" tabindex="-1" autofocus="">That code is not right\./,
    );

    const renewed = await postSetup(ada, { newKey: "1" });
    assert.equal(renewed.headers.get("location"), SETUP);
    const second = await setupPage(ada);
    assert.notEqual(second.key, first.key);
    // The old key's code no longer works.
    const stale = await postSetup(ada, { code: code(first.key, app.clock.now) });
    assert.match(stale.headers.get("location") ?? "", /error=TwoFactorCodeInvalid/);

    const right = await postSetup(ada, {
      code: `${code(second.key, app.clock.now).slice(0, 3)} ${code(second.key, app.clock.now).slice(3)}`,
    });
    assert.equal(right.status, 200);
    assert.equal(right.headers.get("cache-control")?.includes("no-store"), true);
    const html = await right.text();
    const backupCodes = [...html.matchAll(/<li>([^<]+)<\/li>/g)].map((m) => m[1]!);
    assert.equal(backupCodes.length, 10);
    assert.equal(new Set(backupCodes).size, 10);
    assert.match(html, new RegExp(`<a class="button" href="${HOME}">Continue</a>`));
    assert.ok((await app.adapter.getTwoFactor(userId))?.enabledAt);

    // On now: the page sends on to the callback URL, a repeated POST too, and the codes are never shown again.
    const done = await ada.request(SETUP);
    assert.equal(done.status, 302);
    assert.equal(done.headers.get("location"), HOME);
    const replay = await postSetup(ada, { code: code(second.key, app.clock.now) });
    assert.equal(replay.headers.get("location"), HOME);

    // The next sign-in asks for the second step, and a backup code passes it.
    await signOut(ada);
    const pending = await passwordSignIn(ada, "ada@example.test");
    assert.equal(pending.headers.get("location"), `${BASE}/two-factor`);
    const csrfToken = await ada.csrf();
    const backup = await ada.request("/api/auth/two-factor", {
      form: { csrfToken, backupCode: backupCodes[0]! },
    });
    assert.ok(sessionTokenSet(backup));
    assert.equal(backup.headers.get("location"), HOME);
  });

  test("signed out: the sign-in page with SessionRequired, and back to this page afterwards", async () => {
    const app = requiredApp();
    const answer = await app.browser().request(SETUP);
    assert.equal(answer.status, 302);
    const location = new URL(answer.headers.get("location") ?? "");
    assert.equal(`${location.origin}${location.pathname}`, `${BASE}/signin`);
    assert.equal(location.searchParams.get("error"), "SessionRequired");
    assert.equal(location.searchParams.get("callbackUrl"), SETUP);
    const posted = await postSetup(app.browser(), { code: "123456" });
    assert.equal(new URL(posted.headers.get("location") ?? "").searchParams.get("callbackUrl"), SETUP);
  });

  test("a POST without the CSRF token goes back to the page with MissingCSRF; the enrolment stays", async () => {
    const app = requiredApp();
    await app.seedUser("bo@example.test");
    const bo = app.browser();
    await passwordSignIn(bo, "bo@example.test");
    const { key } = await setupPage(bo);
    const forged = await bo.request("/api/auth/two-factor-setup", {
      form: { csrfToken: "forged", callbackUrl: HOME, newKey: "1" },
    });
    assert.equal(forged.status, 302);
    assert.equal(forged.headers.get("location"), `${SETUP}&error=MissingCSRF`);
    assert.equal((await setupPage(bo)).key, key);
  });

  test("a callback URL of another site is not followed: the origin instead", async () => {
    const app = requiredApp();
    await app.seedUser("cy@example.test");
    const cy = app.browser();
    await passwordSignIn(cy, "cy@example.test");
    const { key } = await setupPage(cy);
    const csrfToken = await cy.csrf();
    const enabled = await cy.request("/api/auth/two-factor-setup", {
      form: { csrfToken, callbackUrl: "https://evil.example/", code: code(key, app.clock.now) },
    });
    assert.match(await enabled.text(), new RegExp(`<a class="button" href="${APP}/">Continue</a>`));
    const answer = await cy.request(
      `${BASE}/two-factor-setup?callbackUrl=${encodeURIComponent("https://evil.example/")}`,
    );
    assert.equal(answer.headers.get("location"), `${APP}/`);
  });

  test("rate limited with the twoFactor limit (10 per user in 10 minutes): then a 429 page", async () => {
    const app = requiredApp();
    await app.seedUser("di@example.test");
    const di = app.browser();
    await passwordSignIn(di, "di@example.test");
    const { key } = await setupPage(di);
    // The GET that started the enrolment counted once.
    for (let n = 1; n <= 9; n++) {
      const answer = await postSetup(di, { code: code(key, app.clock.now, 10 + n) });
      assert.equal(answer.status, 302, `attempt ${n}`);
    }
    const refusedPost = await postSetup(di, { code: code(key, app.clock.now) });
    // Redirected to the 429 page (issue 23: a reload must not post the form again).
    assert.equal(refusedPost.status, 303);
    const refused = await di.request(refusedPost.headers.get("location") ?? "");
    assert.equal(refused.status, 429);
    assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
    assert.match(await refused.text(), /<h1>Too many attempts<\/h1>/);
    // A reload of the page is no attempt: it still shows the pending key.
    assert.equal((await setupPage(di)).key, key);
  });

  test("without storage that keeps enrolments the page does not exist (404)", async () => {
    const auth = gatehouse({ secret: SECRET, url: BASE, providers: [people({})] });
    const browser = new TestBrowser((request) => auth.handler(request));
    const page = await browser.request(SETUP);
    assert.equal(page.status, 404);
    assert.equal(((await page.json()) as { error: string }).error, "UnknownAction");
    const posted = await postSetup(browser, { code: "123456" });
    assert.equal(posted.status, 404);
  });
});
