// The account console of the web app (apps/web, development mode, SQLite) in a real Chromium against
// the real server: sessions on two browsers and one revoked from the other, the profile, the security
// activity, an email change confirmed through the dev mailbox (after the "Confirm it's you" dialog),
// linking and unlinking a provider, the last way to sign in kept, and the account deleted.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createPostgresTestSchema } from "@gatehouse/adapter-conformance";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startWebApp, type WebApp } from "../apps/web/src/server/start.ts";
import { postFromPage, SHOTS, sessionEmail, signInWithPassword } from "./sign-in-steps.ts";
import { buildUi, launchChromium } from "./web-app.ts";

const DESKTOP = { width: 1100, height: 800 };
const PHONE = { width: 360, height: 740 };
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/**
 * The page at desktop width and at 360 px: /tmp/shots/console-<name>-{desktop,360}.png; full length
 * unless a modal dialog is open (its backdrop covers the viewport only).
 */
async function screenshots(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS}/console-${name}-desktop.png`, fullPage });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/console-${name}-360.png`, fullPage });
  // Nothing may stick out sideways at 360 px.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `console-${name} is ${overflow}px wider than 360 px`);
  await page.setViewportSize(viewport);
}

/** A section of the console through its navigation, as a person would. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name }).click();
  await page.getByRole("heading", { level: 2, name }).waitFor();
}

/** Signs in at the development provider's own login form (any user name). */
async function devProviderLogin(page: Page, userName: string): Promise<void> {
  await page.waitForURL(/\/interaction\//);
  await page.getByLabel("User name").fill(userName);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("the account console of the web app (Chromium)", () => {
  let browser: Browser;
  let staticDir: string;
  const dataDirs: string[] = [];
  const apps: WebApp[] = [];
  const serverLog: string[] = [];

  /** The web app in development mode on a random port, on a fresh SQLite file; `config`: a config file's text. */
  async function start(env: Record<string, string> = {}, config?: string): Promise<WebApp> {
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
    dataDirs.push(dataDir);
    let configFile: string | undefined;
    if (config !== undefined) {
      configFile = join(dataDir, "gatehouse.config.mjs");
      await writeFile(configFile, config);
    }
    const web = await startWebApp({
      env,
      dataDir,
      staticDir,
      port: 0,
      log: (line) => serverLog.push(line),
      ...(configFile ? { configFile } : {}),
    });
    apps.push(web);
    return web;
  }

  let web: WebApp;
  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    staticDir = await buildUi();
    browser = await launchChromium();
    web = await start();
  });

  after(async () => {
    await browser?.close();
    for (const app of apps) await app.close();
    for (const dir of [...dataDirs, staticDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Runs a test's steps in fresh contexts; on failure, a screenshot of each page and the server's log. */
  async function withContexts(
    count: number,
    steps: (contexts: BrowserContext[], pages: Page[]) => Promise<void>,
    options: { userAgents?: Array<string | undefined> } = {},
  ): Promise<void> {
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    for (let index = 0; index < count; index++) {
      const userAgent = options.userAgents?.[index];
      const context = await browser.newContext({ viewport: DESKTOP, ...(userAgent ? { userAgent } : {}) });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      contexts.push(context);
      pages.push(page);
    }
    try {
      await steps(contexts, pages);
    } catch (error) {
      for (const [index, page] of pages.entries()) {
        await page
          .screenshot({ path: `${SHOTS}/console-failure-${index}.png`, fullPage: true })
          .catch(() => {});
      }
      console.error(`server log:\n${serverLog.join("\n")}`);
      throw error;
    } finally {
      for (const context of contexts) await context.close();
    }
  }

  it("lists the sessions of two browsers and signs the other one out; saves the name; shows the activity", async () => {
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    await withContexts(
      2,
      async (_contexts, [a, b]) => {
        assert.ok(a && b);
        await signInWithPassword(a, web, demo);
        await a.waitForURL(`${web.url}/protected`);
        // B is a phone: its session must read as one.
        await signInWithPassword(b, web, demo);
        await b.waitForURL(`${web.url}/protected`);

        // --- Sessions and devices ---
        await a.goto(`${web.url}/account`);
        await a.getByTestId("account-email").waitFor();
        await openSection(a, "Sessions and devices");
        assert.equal(new URL(a.url()).pathname, "/account/sessions");
        assert.equal(await a.title(), "Sessions and devices · Gatehouse");
        assert.ok(
          await a
            .getByRole("heading", { level: 2, name: "Sessions and devices" })
            .evaluate((h) => h === document.activeElement),
          "focus moves to the section's heading",
        );
        const sessions = a.getByTestId("session");
        await sessions.nth(1).waitFor();
        assert.equal(await sessions.count(), 2);
        const here = sessions.filter({ hasText: "This device" });
        assert.equal(await here.count(), 1);
        assert.match((await here.textContent()) ?? "", /Chrome \d+ on Linux.*Computer/);
        const phone = sessions.filter({ hasNotText: "This device" });
        const phoneText = (await phone.textContent()) ?? "";
        assert.match(phoneText, /Safari 17\.5 on iOS 17\.5/);
        assert.match(phoneText, /Phone.*127\.0\.0\.1.*Password/);
        assert.match(phoneText, /Last active\s*just now/);
        await screenshots(a, "sessions");

        await phone.getByRole("button", { name: "Sign out of Safari 17.5 on iOS 17.5" }).click();
        const revokedAt = Date.now();
        await a.getByRole("status").filter({ hasText: "Signed out of Safari 17.5 on iOS 17.5." }).waitFor();
        // B is signed out at once: its next request finds no session.
        assert.equal(await sessionEmail(b, web), null);
        assert.ok(Date.now() - revokedAt < 1000, "the revoked session ended within a second");
        await b.goto(`${web.url}/account`);
        await b.waitForURL(/\/api\/auth\/signin\?/);
        assert.equal(await sessions.count(), 1);
        await a.getByText("You are not signed in anywhere else.").waitFor();

        // --- Profile: the name, and a picture URL that is not https ---
        await openSection(a, "Profile");
        await a.getByLabel("Name", { exact: true }).fill("Ada Console");
        await a.getByLabel("Picture (optional)").fill("http://example.com/ada.png");
        await a.getByRole("button", { name: "Save profile" }).click();
        const summary = a.getByRole("alert").filter({ hasText: "There is a problem" });
        await summary.waitFor();
        assert.ok(
          await summary.evaluate((box) => box === document.activeElement),
          "the summary takes the focus",
        );
        await screenshots(a, "profile-error");
        await summary.getByRole("link", { name: /starts with https/ }).click();
        assert.ok(
          await a.getByLabel("Picture (optional)").evaluate((input) => input === document.activeElement),
          "the summary's link focuses the field",
        );
        await a.getByLabel("Picture (optional)").fill("");
        await a.getByRole("button", { name: "Save profile" }).click();
        await a.getByRole("status").filter({ hasText: "Your profile is saved." }).waitFor();
        await a.getByRole("banner").locator(".account-name").filter({ hasText: "Ada Console" }).waitFor();
        await a.reload();
        await a.getByRole("heading", { level: 2, name: "Profile" }).waitFor();
        assert.equal(await a.getByLabel("Name", { exact: true }).inputValue(), "Ada Console");
        assert.equal(await a.getByTestId("profile-name").textContent(), "Ada Console");
        await screenshots(a, "profile");

        // --- Security activity: a page of 20, then "Load more" with the cursor ---
        for (let count = 0; count < 20; count++) {
          assert.equal((await postFromPage(a, "sessions-revoke-others")).status, 200);
        }
        await openSection(a, "Security activity");
        const entries = a.getByTestId("activity-entry");
        await entries.nth(19).waitFor();
        assert.equal(await entries.count(), 20);
        assert.match(
          (await entries.first().textContent()) ?? "",
          /^You signed out of your other sessions; there were none\./,
        );
        assert.ok(
          (await entries.allTextContents()).every((text) => /\d{4}/.test(text)),
          "every entry says when",
        );
        await screenshots(a, "activity");
        await a.getByRole("button", { name: "Load more" }).click();
        await entries.nth(22).waitFor();
        const texts = (await entries.allTextContents()).slice(20);
        assert.match(texts[0] ?? "", /^You signed out another session\./, texts.join("\n"));
        assert.equal(texts.filter((text) => text.startsWith("You signed in with your password.")).length, 2);
        assert.ok(
          await entries.nth(20).evaluate((entry) => entry === document.activeElement),
          "focus moves to the first entry the page brought",
        );
        // That was the last page: nothing more to load.
        await a.getByRole("button", { name: "Load more" }).waitFor({ state: "detached" });

        // --- Sign-in and security, where the old Security section went ---
        await openSection(a, "Sign-in and security");
        assert.equal(new URL(a.url()).pathname, "/account");
        await a
          .getByRole("region", { name: "Password" })
          .getByText("You can sign in with your email")
          .waitFor();
        await a.getByRole("region", { name: "Passkeys" }).getByText("You have no passkeys yet.").waitFor();
        await a
          .getByRole("region", { name: "Linked accounts" })
          .getByText("No accounts at other sites")
          .waitFor();
        await a.getByRole("button", { name: "Link Development provider" }).waitFor();
        await screenshots(a, "sign-in");
      },
      { userAgents: [undefined, IPHONE] },
    );
  });

  it("jwt sessions: a session revoked from another browser ends there within a second", async () => {
    const jwtApp = await start({}, `export default { session: { strategy: "jwt" } };\n`);
    const demo = jwtApp.demo;
    assert.ok(demo);
    await withContexts(
      2,
      async (_contexts, [a, b]) => {
        assert.ok(a && b);
        await signInWithPassword(a, jwtApp, demo);
        await a.waitForURL(`${jwtApp.url}/protected`);
        await signInWithPassword(b, jwtApp, demo);
        await b.waitForURL(`${jwtApp.url}/protected`);
        assert.equal(
          await sessionEmail(b, jwtApp),
          demo.email,
          "B reads its session (and caches the live list)",
        );
        await a.goto(`${jwtApp.url}/account/sessions`);
        const phone = a.getByTestId("session").filter({ hasNotText: "This device" });
        await phone.getByRole("button", { name: "Sign out of Safari 17.5 on iOS 17.5" }).click();
        await a.getByRole("status").filter({ hasText: "Signed out of Safari 17.5 on iOS 17.5." }).waitFor();
        const revokedAt = Date.now();
        // The jwt cookie stays in B until B's next request after the 1 s cache finds its record gone.
        let email: string | null = demo.email;
        while (email !== null && Date.now() - revokedAt < 5000) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          email = await sessionEmail(b, jwtApp);
        }
        const elapsed = Date.now() - revokedAt;
        assert.equal(email, null, "B is signed out");
        // One second of cache, plus one request's time on a loaded 2-core machine.
        assert.ok(elapsed < 2500, `signed out after ${elapsed} ms`);
        await b.goto(`${jwtApp.url}/account`);
        await b.waitForURL(/\/api\/auth\/signin\?/);
      },
      { userAgents: [undefined, IPHONE] },
    );
  });

  it("a sign-in older than account.recentSignInMaxAge asks to confirm it's you, for real", async () => {
    // A recent sign-in lasts 3 s here: the server itself answers ReauthenticationRequired.
    const strict = await start({}, "export default { account: { recentSignInMaxAge: 3 } };\n");
    const demo = strict.demo;
    assert.ok(demo);
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await signInWithPassword(page, strict, demo);
      await page.waitForURL(`${strict.url}/protected`);
      await page.goto(`${strict.url}/account/profile`);
      await page.waitForTimeout(3500);
      await page.getByRole("button", { name: "Change email address" }).click();
      await page.getByLabel("New email address").fill("strict.new@example.test");
      const answers: number[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith("/api/auth/email-change")) answers.push(response.status());
      });
      await page.getByRole("button", { name: "Send confirmation link" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
      await dialog.waitFor();
      assert.deepEqual(answers, [403], "the server refused the stale sign-in");
      await dialog.getByLabel("Password", { exact: true }).fill(demo.password);
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.waitFor({ state: "detached" });
      await page
        .getByRole("status")
        .filter({ hasText: "We sent a link to strict.new@example.test." })
        .waitFor();
      assert.deepEqual(answers, [403, 200], "after reauthenticating, the same request went through");
    });
  });

  it("asks to confirm it's you, then changes the email through the link the new address gets", async () => {
    const demo = web.demo;
    assert.ok(demo);
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await signInWithPassword(page, web, demo);
      await page.waitForURL(`${web.url}/protected`);
      await page.goto(`${web.url}/account/profile`);

      // A sign-in minutes old is recent (10 minutes by default), so the server would let this through:
      // its first answer is made the one of an older sign-in, to open the dialog.
      let refused = false;
      await page.route("**/api/auth/email-change", async (route) => {
        if (refused) return route.continue();
        refused = true;
        await route.fulfill({
          status: 403,
          contentType: "application/json",
          body: JSON.stringify({
            error: "ReauthenticationRequired",
            message:
              "For this change, confirm it's you: enter your password or a code from your authenticator app.",
          }),
        });
      });

      await page.getByRole("button", { name: "Change email address" }).click();
      const field = page.getByLabel("New email address");
      assert.ok(
        await field.evaluate((input) => input === document.activeElement),
        "focus moves to the field",
      );
      await field.fill("not an address");
      await page.getByRole("button", { name: "Send confirmation link" }).click();
      await page.getByRole("alert").filter({ hasText: "Enter an email address" }).waitFor();
      await field.fill("ada.new@example.test");
      await page.getByRole("button", { name: "Send confirmation link" }).click();

      const dialog = page.getByRole("dialog", { name: "Confirm it’s you" });
      await dialog.waitFor();
      const password = dialog.getByLabel("Password", { exact: true });
      assert.ok(
        await password.evaluate((input) => input === document.activeElement),
        "focus moves into the dialog",
      );
      await password.fill("not-the-password");
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByRole("alert").filter({ hasText: "The current password is not correct." }).waitFor();
      await screenshots(page, "reauth", { fullPage: false });
      await password.fill(demo.password);
      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.waitFor({ state: "detached" });
      await page
        .getByRole("status")
        .filter({
          hasText: `We sent a link to ada.new@example.test. Open it to confirm the change: until then your email address stays ${demo.email}.`,
        })
        .waitFor();
      assert.equal(await page.getByTestId("profile-email").textContent(), demo.email, "nothing changed yet");
      await screenshots(page, "email-sent");

      // The old address is told, the new one gets the link; the change takes effect when it is used.
      await page.goto(`${web.url}/dev/mailbox`);
      await page.getByText(`To ${demo.email}`).first().waitFor();
      await page.getByRole("link", { name: "Confirm the new email ada.new@example.test" }).click();
      await page.getByRole("button", { name: "Confirm new email" }).click();
      await page.getByRole("heading", { level: 1, name: "Email changed" }).waitFor();
      await page.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/account/profile`);
      await page.getByTestId("profile-email").filter({ hasText: "ada.new@example.test" }).waitFor();
      assert.equal(await sessionEmail(page, web), "ada.new@example.test");
    });
  });

  it("links a provider with its normal sign-in and unlinks it again", async () => {
    const demo = web.demo;
    assert.ok(demo);
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await signInWithPassword(page, web, { email: "ada.new@example.test", password: demo.password });
      await page.waitForURL(`${web.url}/protected`);
      await page.goto(`${web.url}/account`);
      const linked = page.getByRole("region", { name: "Linked accounts" });
      await linked.getByRole("button", { name: "Link Development provider" }).click();
      await devProviderLogin(page, "Ada Linked");
      await page.waitForURL(`${web.url}/account?linked=dev`);
      await linked
        .getByRole("status")
        .filter({ hasText: "Your Development provider account is linked" })
        .waitFor();
      assert.equal(await linked.getByTestId("linked-account").count(), 1);
      assert.equal(await sessionEmail(page, web), "ada.new@example.test", "still the same account");

      await linked.getByRole("button", { name: "Unlink" }).click();
      await screenshots(page, "unlink-confirm");
      await linked.getByRole("button", { name: "Unlink Development provider" }).click();
      await linked
        .getByRole("status")
        .filter({ hasText: "Your Development provider account is unlinked." })
        .waitFor();
      await linked.getByText("No accounts at other sites are linked.").waitFor();
    });
  });

  it("sets a first password for an account made at a provider; signs out everywhere", async () => {
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Faccount`);
      await page.getByRole("button", { name: "Sign in with Development provider" }).click();
      await devProviderLogin(page, "Lin Setter");
      await page.waitForURL(`${web.url}/account`);
      const password = page.getByRole("region", { name: "Password" });
      await password.getByText("You have no password.").waitFor();
      await password.getByRole("button", { name: "Set a password" }).click();
      const field = password.getByLabel("New password");
      assert.ok(
        await field.evaluate((input) => input === document.activeElement),
        "focus moves to the field",
      );
      await password.getByRole("button", { name: "Set password" }).click();
      await password.getByRole("alert").filter({ hasText: "Enter a password." }).waitFor();
      await field.fill("password");
      await password.getByRole("button", { name: "Set password" }).click();
      await password
        .getByRole("alert")
        .filter({ hasText: /password/i })
        .waitFor();
      await screenshots(page, "set-password-error");
      await field.fill("a long and unusual sentence");
      await password.getByRole("button", { name: "Set password" }).click();
      await password.getByRole("status").filter({ hasText: "Your password is set." }).waitFor();
      await password.getByRole("button", { name: "Change password" }).waitFor();

      // A section that does not exist, then "Sign out everywhere": this browser too.
      await page.goto(`${web.url}/account/nope`);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
      await page.goto(`${web.url}/account/sessions`);
      await page.getByRole("button", { name: "Sign out everywhere" }).click();
      await page.getByText("Sign out of every session, this one too?").waitFor();
      await page.getByRole("button", { name: "Yes, sign out everywhere" }).click();
      await page.waitForURL(`${web.url}/`);
      await page.getByTestId("session-status").filter({ hasText: "You are not signed in." }).waitFor();
    });
  });

  it("refuses to unlink the last way to sign in", async () => {
    // Without mail there is no email link to fall back on: the provider is the only way in.
    const noMail = await start({ AUTH_EMAIL: "false" });
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await page.goto(`${noMail.url}/api/auth/signin?callbackUrl=%2Faccount`);
      await page.getByRole("button", { name: "Sign in with Development provider" }).click();
      await devProviderLogin(page, "Grace Only");
      await page.waitForURL(`${noMail.url}/account`);
      const linked = page.getByRole("region", { name: "Linked accounts" });
      await linked.getByTestId("linked-account").filter({ hasText: "Development provider" }).waitFor();
      await page
        .getByRole("region", { name: "Password" })
        .getByText("This site does not offer signing in with a password.")
        .waitFor();
      await linked.getByRole("button", { name: "Unlink" }).click();
      await linked.getByRole("button", { name: "Unlink Development provider" }).click();
      await linked.getByRole("alert").filter({ hasText: "This is the last way you can sign in" }).waitFor();
      await screenshots(page, "last-method");
      assert.equal(await linked.getByTestId("linked-account").count(), 1);
    });
  });

  it("on PostgreSQL: a revoked browser is signed out, and deleting the account ends every session", async (t) => {
    const postgres = await createPostgresTestSchema("gh_e2e_console");
    if (!postgres.ok) return t.skip(`PostgreSQL unavailable: ${postgres.reason}`);
    const pg = await start({ DATABASE_URL: postgres.value.url });
    const demo = pg.demo;
    assert.ok(demo);
    try {
      await withContexts(
        3,
        async (_contexts, [a, b, c]) => {
          assert.ok(a && b && c);
          for (const page of [a, b, c]) {
            await signInWithPassword(page, pg, demo);
            await page.waitForURL(`${pg.url}/protected`);
          }
          await a.goto(`${pg.url}/account/sessions`);
          const sessions = a.getByTestId("session");
          await sessions.nth(2).waitFor();
          await sessions
            .filter({ hasText: "Safari 17.5 on iOS 17.5" })
            .getByRole("button", { name: "Sign out of Safari 17.5 on iOS 17.5" })
            .click();
          await a.getByRole("status").filter({ hasText: "Signed out of Safari 17.5 on iOS 17.5." }).waitFor();
          assert.equal(await sessionEmail(b, pg), null, "the phone is signed out at once");
          assert.equal(await sessionEmail(c, pg), demo.email, "the third browser is not");

          await openSection(a, "Delete account");
          await a.getByLabel("To confirm, type your email address").fill(demo.email);
          await a.getByRole("button", { name: "Delete my account" }).click();
          await a.waitForURL(`${pg.url}/account-deleted`);
          assert.equal(await sessionEmail(a, pg), null);
          assert.equal(await sessionEmail(c, pg), null, "every session ended with the account");
        },
        { userAgents: [undefined, IPHONE, undefined] },
      );
    } finally {
      await pg.close();
      await postgres.value.drop();
    }
  });

  it("deletes the account: signed out, and its password no longer signs in", async () => {
    const demo = web.demo;
    assert.ok(demo);
    const account = { email: "ada.new@example.test", password: demo.password };
    await withContexts(1, async (_contexts, [page]) => {
      assert.ok(page);
      await signInWithPassword(page, web, account);
      await page.waitForURL(`${web.url}/protected`);
      await page.goto(`${web.url}/account`);
      // First a new password: the current one must be right.
      const password = page.getByRole("region", { name: "Password" });
      await password.getByRole("button", { name: "Change password" }).click();
      await password.getByLabel("Current password").fill("not-it");
      await password.getByLabel("New password").fill("another long sentence");
      await password.getByRole("button", { name: "Change password" }).click();
      await password.getByRole("alert").filter({ hasText: "There is a problem" }).waitFor();
      await password.getByText("Your current password is not right.").first().waitFor();
      await screenshots(page, "change-password-error");
      await password.getByLabel("Current password").fill(account.password);
      await password.getByRole("button", { name: "Change password" }).click();
      await password.getByRole("status").filter({ hasText: "Your password is changed." }).waitFor();
      account.password = "another long sentence";

      await openSection(page, "Delete account");
      const confirm = page.getByLabel("To confirm, type your email address");
      await confirm.fill("someone@example.test");
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.getByRole("alert").filter({ hasText: "Type your email address exactly as shown" }).waitFor();
      await screenshots(page, "delete");
      await confirm.fill(account.email);
      await page.getByRole("button", { name: "Delete my account" }).click();
      await page.waitForURL(`${web.url}/account-deleted`);
      await page.getByRole("heading", { level: 1, name: "Your account has been deleted" }).waitFor();
      assert.equal(await sessionEmail(page, web), null);
      await page.getByRole("button", { name: "Sign in" }).first().waitFor();

      await signInWithPassword(page, web, account);
      await page.waitForURL(/\/api\/auth\/signin\?.*error=CredentialsSignin/);
      assert.equal(await sessionEmail(page, web), null);
    });
  });
});
