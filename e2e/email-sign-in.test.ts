// Browser flow of the web app's email sign-in in development: the sign-in link goes to the dev
// mailbox (/dev/mailbox), the link opens a confirmation page, and only its button signs in.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

describe("web app email sign-in through the dev mailbox (Chromium)", () => {
  let app: E2eApp;
  let web: WebApp;
  let browser: Browser;
  let serverLog: string[];

  before(async () => {
    app = await startE2eApp();
    ({ web, browser, serverLog } = app);
  });

  after(() => app?.close());

  /** Waits until the home page's status line says `text`, and returns the whole line. */
  async function statusLine(page: Page, text: string): Promise<string> {
    const status = page.getByTestId("session-status").filter({ hasText: text });
    await status.waitFor();
    return (await status.textContent()) ?? "";
  }

  it("sends a link to the dev mailbox, confirms it, shows the address as signed in and signs out", async () => {
    const address = "erin@example.test";
    const context = await browser.newContext({ viewport: { width: 1100, height: 720 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // A Content-Security-Policy violation (an inline script or style) shows up on the console.
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    try {
      await page.goto(web.url);
      await statusLine(page, "You are not signed in.");

      await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${web.url}/api/auth/signin?**`);
      // The email-and-password form has an Email field too: use the magic-link provider's form.
      const form = page.locator("form", {
        has: page.getByRole("button", { name: "Sign in with Email", exact: true }),
      });
      await form.getByLabel("Email").fill(address);
      await form.getByRole("button", { name: "Sign in with Email", exact: true }).click();

      await page.waitForURL(`${web.url}/api/auth/verify-request?**`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Check your email");

      await page.goto(`${web.url}/dev/mailbox`);
      assert.equal(await page.title(), "Dev mailbox");
      // Newest first: the first link is the one just sent.
      await page
        .getByRole("link", { name: `Sign in as ${address}` })
        .first()
        .click();

      await page.waitForURL(`${web.url}/api/auth/callback/email?**`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Confirm sign in");
      await page.getByRole("button", { name: "Sign in" }).click();

      await page.waitForURL(`${web.url}/`);
      assert.equal(await statusLine(page, "Signed in as"), `Signed in as ${address}`);
      assert.equal(await page.getByRole("banner").locator(".account-name").textContent(), address);
      await page.screenshot({ path: "/tmp/web-email-home.png", fullPage: true });

      await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${web.url}/`);
      await statusLine(page, "You are not signed in.");

      assert.ok(
        serverLog.some((line) => line.startsWith(`[dev mailbox] sign-in link for ${address}: ${web.url}/`)),
        "the link is printed in the log too",
      );
      assert.deepEqual(cspViolations, []);
    } catch (error) {
      console.error(`server log:\n${serverLog.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
