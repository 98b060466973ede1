// Pre-account hijacking and "this wasn't me" through the web app (apps/web, development mode,
// SQLite) in a real Chromium against the real server (issue 22): an attacker signs up with someone
// else's address and a password; the address's owner signs in with an email link from the dev
// mailbox, lands on the notice, and the attacker's password no longer signs in. Then someone in the
// owner's account asks to move it to another address, and the owner stops it from the old one.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

const SHOTS = "/tmp/shots";
const VICTIM = "quinn@example.test";
const ATTACKER_PASSWORD = "mallory-chose-this-one-42";

describe("account takeover defences in the web app (Chromium)", () => {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());

  async function person(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await app.browser.newContext({ viewport: { width: 1100, height: 760 } });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  /** The newest mail's link in the dev mailbox whose text is `linkText`, followed. */
  async function openMail(page: Page, web: WebApp, linkText: string): Promise<void> {
    await page.goto(`${web.url}/dev/mailbox`);
    await page.getByRole("link", { name: linkText }).first().click();
  }

  /** Tries the attacker's password on the built-in sign-in page; where the form sent the browser. */
  async function passwordSignIn(page: Page, web: WebApp, email: string, password: string): Promise<URL> {
    await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
    const form = page.locator("form", {
      has: page.getByRole("button", { name: "Sign in with Email and password" }),
    });
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByRole("button", { name: "Sign in with Email and password" }).click();
    await page.waitForLoadState("load");
    return new URL(page.url());
  }

  it("pre-account hijacking: the attacker's password does not survive the owner's email sign-in; this wasn't me stops an email change", async () => {
    const { web } = app;
    const attacker = await person();
    const owner = await person();
    try {
      // The attacker signs up with the owner's address, and never confirms it.
      await attacker.page.goto(`${web.url}/api/auth/signup`);
      await attacker.page.getByLabel("Email").fill(VICTIM);
      await attacker.page.getByLabel("Name (optional)").fill("Quinn (support)");
      await attacker.page.getByLabel("Password", { exact: true }).fill(ATTACKER_PASSWORD);
      await attacker.page.getByRole("button", { name: "Create account" }).click();
      await attacker.page.waitForURL((url) =>
        url.href.startsWith(`${web.url}/api/auth/verify-request?provider=password&type=signup&email=`),
      );

      // The sign-up's confirmation mail reaches the owner: its page says what it would confirm.
      await openMail(owner.page, web, `Confirm the email of ${VICTIM}`);
      await owner.page.waitForURL(`${web.url}/api/auth/verify-email?**`);
      await owner.page.getByText(/An account was created on this site with/).waitFor();
      await owner.page.getByText(/Not you\? Do not confirm:/).waitFor();
      await owner.page.screenshot({ path: `${SHOTS}/takeover-verify-email.png`, fullPage: true });

      // The owner signs in with an email link instead.
      await owner.page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
      const emailForm = owner.page.locator("form", {
        has: owner.page.getByRole("button", { name: "Sign in with Email", exact: true }),
      });
      await emailForm.getByLabel("Email").fill(VICTIM);
      await emailForm.getByRole("button", { name: "Sign in with Email", exact: true }).click();
      await owner.page.waitForURL(`${web.url}/api/auth/verify-request?**`);
      await openMail(owner.page, web, `Sign in as ${VICTIM}`);
      await owner.page.getByRole("button", { name: /Sign in/ }).click();

      // The notice: the account is theirs, and what the attacker set up is gone.
      await owner.page.waitForURL(`${web.url}/api/auth/account-secured?**`);
      assert.equal(
        await owner.page.getByRole("heading", { level: 1 }).textContent(),
        "This account is yours",
      );
      await owner.page
        .getByRole("status")
        .filter({ hasText: /everything they set up/ })
        .waitFor();
      await owner.page.screenshot({ path: `${SHOTS}/takeover-account-secured.png`, fullPage: true });
      await owner.page.setViewportSize({ width: 360, height: 740 });
      await owner.page.screenshot({ path: `${SHOTS}/takeover-account-secured-360.png`, fullPage: true });
      await owner.page.setViewportSize({ width: 1100, height: 760 });
      await owner.page.getByRole("link", { name: "Continue" }).click();
      await owner.page.waitForURL(`${web.url}/protected`);
      assert.equal(await owner.page.getByTestId("protected-email").textContent(), VICTIM);

      // The attacker's password is refused.
      const refused = await passwordSignIn(attacker.page, web, VICTIM, ATTACKER_PASSWORD);
      assert.equal(refused.pathname, "/api/auth/signin");
      assert.equal(refused.searchParams.get("error"), "CredentialsSignin");

      // Someone in the owner's account asks to move it elsewhere; the owner stops it from the old address.
      const csrf = (await (await owner.context.request.get(`${web.url}/api/auth/csrf`)).json()) as {
        csrfToken: string;
      };
      const asked = await owner.context.request.post(`${web.url}/api/auth/email-change`, {
        data: { csrfToken: csrf.csrfToken, email: "mallory@example.test" },
      });
      assert.equal(asked.status(), 200, await asked.text());
      const stopper = await person();
      await openMail(stopper.page, web, `This wasn't me: stop the change for ${VICTIM}`);
      await stopper.page.waitForURL(`${web.url}/api/auth/cancel-email-change?**`);
      assert.equal(
        await stopper.page.getByRole("heading", { level: 1 }).textContent(),
        "Stop the email change",
      );
      await stopper.page.screenshot({ path: `${SHOTS}/takeover-this-wasnt-me.png`, fullPage: true });
      await stopper.page.getByRole("button", { name: "Stop the change and sign out everywhere" }).click();
      await stopper.page.getByRole("heading", { level: 1, name: "Change stopped" }).waitFor();
      await stopper.page.screenshot({ path: `${SHOTS}/takeover-change-stopped.png`, fullPage: true });
      // Every session ended, the owner's own too.
      const session = await owner.context.request.get(`${web.url}/api/auth/session`);
      assert.deepEqual(await session.json(), {});
      await stopper.context.close();
    } finally {
      await attacker.context.close();
      await owner.context.close();
    }
  });
});
