// Password accounts in the web app (apps/web, development mode, SQLite): sign-up on the built-in
// page, the mail in the dev mailbox, sign-in, forgot / reset password ending every other session,
// and the 429 pages of the lockout and the rate limit — in a real Chromium against the real server.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

const SHOTS = "/tmp/web-shots";
const EMAIL = "pat@example.test";
const FIRST_PASSWORD = "lantern-harbor-quietly-42";
const NEW_PASSWORD = "meadow-river-copper-17";

/** The app, a browser and a helper to open isolated contexts (each is one person's browser). */
function useApp(): { app: () => E2eApp; newPage: () => Promise<{ context: BrowserContext; page: Page }> } {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());
  return {
    app: () => app,
    async newPage() {
      const browser: Browser = app.browser;
      const context = await browser.newContext({ viewport: { width: 1100, height: 760 } });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { context, page };
    },
  };
}

/** The sign-in page's email-and-password form (the Email provider's form has an Email field too). */
function passwordForm(page: Page) {
  return page.locator("form", { has: page.getByRole("button", { name: "Sign in with Email and password" }) });
}

/** Signs in on the built-in sign-in page (back to /protected); leaves the page where the form sent it. */
async function signIn(page: Page, web: WebApp, account: { email: string; password: string }): Promise<void> {
  await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
  const form = passwordForm(page);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign in with Email and password" }).click();
}

/** Opens the newest mail's link in the dev mailbox, as a person reading their mail would. */
async function openMail(page: Page, web: WebApp, linkText: string, screenshot?: string): Promise<void> {
  await page.goto(`${web.url}/dev/mailbox`);
  if (screenshot) await page.screenshot({ path: `${SHOTS}/${screenshot}`, fullPage: true });
  // Newest first: the first link with this text is the latest mail of that kind.
  await page.getByRole("link", { name: linkText }).first().click();
}

async function sessionOf(context: BrowserContext, web: WebApp): Promise<unknown> {
  const response = await context.request.get(`${web.url}/api/auth/session`);
  assert.equal(response.status(), 200);
  return response.json();
}

describe("password accounts in the web app (Chromium)", () => {
  const { app, newPage } = useApp();

  it("signs up, confirms the address from the mailbox, and signs in; a reset ends every other session", async () => {
    const { web } = app();
    const first = await newPage();
    const second = await newPage();
    const third = await newPage();
    try {
      // Sign up from the app's own "Create an account" link.
      let page = first.page;
      await page.goto(web.url);
      const createAccount = page.getByRole("main").getByRole("link", { name: "Create an account" });
      await createAccount.waitFor();
      await page.screenshot({ path: `${SHOTS}/home.png`, fullPage: true });
      await createAccount.click();
      await page.waitForURL(`${web.url}/api/auth/signup`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Create an account");
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByLabel("Name (optional)").fill("Pat Example");
      await page.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await page.screenshot({ path: `${SHOTS}/signup.png`, fullPage: true });
      await page.getByRole("button", { name: "Create account" }).click();
      await page.waitForURL((url) =>
        url.href.startsWith(`${web.url}/api/auth/verify-request?provider=password&type=signup&email=`),
      );
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Check your email");

      // Not confirmed yet: the right password is refused (and a fresh link is mailed).
      await signIn(page, web, { email: EMAIL, password: FIRST_PASSWORD });
      await page.waitForURL(/\/api\/auth\/signin\?error=EmailNotVerified/);

      // The mail, the confirmation page, then sign-in.
      await openMail(page, web, `Confirm the email of ${EMAIL}`, "mailbox.png");
      await page.waitForURL(`${web.url}/api/auth/verify-email?**`);
      await page.getByRole("button", { name: "I created this account: confirm" }).click();
      await page.getByRole("link", { name: /sign in/i }).click();
      await page.waitForURL(`${web.url}/api/auth/signin?**`);
      const form = passwordForm(page);
      await form.getByLabel("Email").fill(EMAIL);
      await form.getByLabel("Password", { exact: true }).fill(FIRST_PASSWORD);
      await form.getByRole("button", { name: "Sign in with Email and password" }).click();
      // The newest link came from the refused sign-in, so it carries that sign-in's way back.
      await page.waitForURL(`${web.url}/protected`);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      await page
        .getByTestId("session-status")
        .filter({ hasText: `Signed in as Pat Example (${EMAIL})` })
        .waitFor();

      // A second browser signs in too.
      await signIn(second.page, web, { email: EMAIL, password: FIRST_PASSWORD });
      await second.page.waitForURL(`${web.url}/protected`);
      assert.equal(await second.page.getByTestId("protected-email").textContent(), EMAIL);

      // A third one forgot the password.
      page = third.page;
      await page.goto(`${web.url}/api/auth/signin`);
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL(`${web.url}/api/auth/forgot-password?**`);
      await page.getByLabel("Email").fill(EMAIL);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.waitForURL((url) =>
        url.href.startsWith(
          `${web.url}/api/auth/verify-request?provider=password&type=reset-password&email=`,
        ),
      );
      await openMail(page, web, `Choose a new password for ${EMAIL}`);
      await page.waitForURL(`${web.url}/api/auth/reset-password?**`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Choose a new password");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.screenshot({ path: `${SHOTS}/reset-password.png`, fullPage: true });
      await page.getByRole("button", { name: "Change password" }).click();
      await page.waitForURL(`${web.url}/api/auth/signin?**`);

      await signIn(page, web, { email: EMAIL, password: NEW_PASSWORD });
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await page.getByTestId("protected-email").textContent(), EMAIL);
      assert.match(JSON.stringify(await sessionOf(third.context, web)), /"email":"pat@example\.test"/);

      // The reset ended the sessions of the first two browsers.
      assert.deepEqual(await sessionOf(first.context, web), {});
      assert.deepEqual(await sessionOf(second.context, web), {});
      await second.page.goto(`${web.url}/protected`);
      assert.equal(second.page.url(), `${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);

      // The old password is refused, with the message on the page.
      await signIn(second.page, web, { email: EMAIL, password: FIRST_PASSWORD });
      await second.page.waitForURL(/\/api\/auth\/signin\?error=CredentialsSignin/);
      assert.equal(
        await second.page.getByRole("alert").textContent(),
        "Sign in failed. Check the details you provided are correct.",
      );

      // The mailbox also holds the "password changed" notice.
      await first.page.goto(`${web.url}/dev/mailbox`);
      assert.ok(await first.page.getByRole("heading", { name: "Your password was changed" }).isVisible());
    } catch (error) {
      console.error(`server log:\n${app().serverLog.join("\n")}`);
      throw error;
    } finally {
      await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
    }
  });

  it("after 5 wrong passwords for one account shows the 429 page, even for the right password", async () => {
    const { web } = app();
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const { context, page } = await newPage();
    try {
      for (let n = 1; n <= 5; n++) {
        await signIn(page, web, { email: demo.email, password: `wrong-${n}` });
        await page.waitForURL(/\/api\/auth\/signin\?error=CredentialsSignin/);
      }
      const answer = page.waitForResponse(`${web.url}/api/auth/callback/password`);
      const shown = page.waitForResponse((r) =>
        r.url().startsWith(`${web.url}/api/auth/error?error=RateLimited`),
      );
      await signIn(page, web, demo);
      // Issue 23: the refused POST is redirected to the 429 page, so a reload does not post again.
      assert.equal((await answer).status(), 303);
      const response = await shown;
      assert.equal(response.status(), 429);
      assert.match((await response.headerValue("retry-after")) ?? "", /^\d+$/);
      await page.getByText("Attempts for this account or email address are paused").waitFor();
      // The first lock lasts a minute.
      await assertTooManyAttemptsPage(page, /^(\d+ seconds|1 minute)$/);
    } finally {
      await context.close();
    }
  });
});

describe("password sign-in rate limit per client address (Chromium, an app of its own)", () => {
  // Its own app: the limit counts every password sign-in from 127.0.0.1, so the other flows'
  // sign-ins would otherwise share the budget.
  const { app, newPage } = useApp();

  it("answers the 31st sign-in from one address within 5 minutes with a readable 429 page", async () => {
    const { web } = app();
    const { context, page } = await newPage();
    try {
      // 30 wrong guesses, each for another address (so the per-account lockout never starts), posted
      // as the sign-in form posts them, with this browser's CSRF cookie.
      const csrf = await context.request.get(`${web.url}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      for (let n = 1; n <= 30; n++) {
        const guess = await context.request.post(`${web.url}/api/auth/callback/password`, {
          form: { csrfToken, email: `guess-${n}@example.test`, password: "not-the-password" },
          headers: { origin: web.url },
          maxRedirects: 0,
        });
        assert.equal(guess.status(), 302, `guess ${n}`);
        assert.match(guess.headers().location ?? "", /error=CredentialsSignin/, `guess ${n}`);
      }
      const answer = page.waitForResponse(`${web.url}/api/auth/callback/password`);
      const shown = page.waitForResponse((r) =>
        r.url().startsWith(`${web.url}/api/auth/error?error=RateLimited`),
      );
      await signIn(page, web, { email: "guess-31@example.test", password: "not-the-password" });
      // Issue 23: redirected after POST to the 429 page, which says the network is paused.
      assert.equal((await answer).status(), 303);
      const response = await shown;
      assert.equal(response.status(), 429);
      await page.getByText("Attempts from your network (your internet connection) are paused.").waitFor();
      await page.reload();
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Too many attempts");
      // The window is 5 minutes.
      await assertTooManyAttemptsPage(page, /^\d minutes?$/);
      await page.screenshot({ path: `${SHOTS}/too-many-attempts.png`, fullPage: true });
    } finally {
      await context.close();
    }
  });
});

/** The error page of a 429: its title, and in plain words how long to wait (from Retry-After). */
async function assertTooManyAttemptsPage(page: Page, wait: RegExp): Promise<void> {
  assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Too many attempts");
  const text = (await page.getByRole("main").textContent()) ?? "";
  const sentence = /Too many attempts\. Try again in ([^.]+)\./.exec(text);
  assert.ok(sentence, text);
  assert.match(sentence[1] ?? "", wait);
}
