// Browser flows of the web app (apps/web): the development OpenID provider, the demo account (an
// ordinary password account), the protected page and sign-out, in a real Chromium against the real server.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

describe("web app sign-in (Chromium)", () => {
  let app: E2eApp;
  let web: WebApp;
  let browser: Browser;
  let serverLog: string[];

  before(async () => {
    app = await startE2eApp();
    ({ web, browser, serverLog } = app);
  });

  after(() => app?.close());

  async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  /** Waits until the home page's status line says `text`, and returns the whole line. */
  async function statusLine(page: Page, text: string): Promise<string> {
    const status = page.getByTestId("session-status").filter({ hasText: text });
    await status.waitFor();
    return (await status.textContent()) ?? "";
  }

  it("signs in with the development provider, opens the protected page and signs out", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(web.url);
      await statusLine(page, "You are not signed in.");

      await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${web.url}/api/auth/signin?**`);
      await page.getByRole("button", { name: "Sign in with Development provider" }).click();

      // The development provider's own login form, on its own origin.
      await page.waitForURL(/\/interaction\//);
      await page.getByLabel("User name").fill("Alice Example");
      await page.getByRole("button", { name: "Sign in" }).click();

      await page.waitForURL(`${web.url}/`);
      const line = await statusLine(page, "Signed in as");
      assert.equal(line, "Signed in as Alice Example (alice-example@example.test)");
      await page.screenshot({ path: "/tmp/web-home.png", fullPage: true });

      await page.goto(`${web.url}/protected`);
      assert.equal(await page.getByTestId("protected-email").textContent(), "alice-example@example.test");
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Protected page");

      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${web.url}/`);
      await statusLine(page, "You are not signed in.");

      // Signed out, the server sends /protected to the sign-in page, with the way back.
      await page.goto(`${web.url}/protected`);
      assert.equal(page.url(), `${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Sign in");
    } catch (error) {
      console.error(`server log:\n${serverLog.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });

  /** The sign-in page's email-and-password form (the Email provider's form has an Email field too). */
  const passwordForm = (page: Page) =>
    page.locator("form", { has: page.getByRole("button", { name: "Sign in with Email and password" }) });

  it("signs the demo account in with its password and returns to the protected page", async () => {
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const { context, page } = await newPage();
    try {
      await page.goto(`${web.url}/protected`);
      await page.waitForURL(`${web.url}/api/auth/signin?**`);
      const form = passwordForm(page);
      await form.getByLabel("Email").fill(demo.email);
      await form.getByLabel("Password").fill(demo.password);
      await form.getByRole("button", { name: "Sign in with Email and password" }).click();

      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await page.getByTestId("protected-email").textContent(), "demo@example.test");

      // In-app navigation keeps the session.
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
      assert.equal(await statusLine(page, "Signed in as"), "Signed in as Demo User (demo@example.test)");
    } finally {
      await context.close();
    }
  });

  it("refuses a wrong demo password", async () => {
    const { context, page } = await newPage();
    try {
      await page.goto(`${web.url}/api/auth/signin`);
      const form = passwordForm(page);
      await form.getByLabel("Email").fill("demo@example.test");
      await form.getByLabel("Password").fill("not-the-password");
      await form.getByRole("button", { name: "Sign in with Email and password" }).click();
      await page.waitForURL(/error=CredentialsSignin/);
      await page.goto(web.url);
      await statusLine(page, "You are not signed in.");

      // In-app navigation to the protected page is guarded by the UI too.
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Protected page" })
        .click();
      await page.waitForURL(/\/api\/auth\/signin\?error=SessionRequired&callbackUrl=/);
    } finally {
      await context.close();
    }
  });
});
