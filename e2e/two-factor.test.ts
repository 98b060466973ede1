// Two-factor authentication in the web app (apps/web, development mode, SQLite): TOTP enrolled through the
// JSON endpoints, then the password sign-in's second step on the built-in page — a code, a replayed
// code refused, a backup code once, each session listed with the second factor it took; and, in an app with `twoFactor.required`, enrolment on the
// built-in setup page (QR code, key, first code, backup codes). Codes are computed here from the
// secret, as the authenticator app would.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import { startWebApp, type WebApp } from "../apps/web/src/server/start.ts";
import { errorCatalogue } from "../packages/core/src/errors/catalogue.ts";
import { postFromPage, SHOTS, sessionEmail, signInWithPassword, signOut, totp } from "./sign-in-steps.ts";
import { buildUi, consoleSettled, type E2eApp, launchChromium, startE2eApp } from "./web-app.ts";

/** A page of its own, in a fresh browser profile. */
async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return page;
}

/**
 * What the account console's sessions list says this browser's session was signed in with: the
 * method and, since issue 23, the second factor.
 */
async function signedInWith(page: Page, web: WebApp): Promise<string> {
  await page.goto(`${web.url}/account/sessions`);
  await consoleSettled(page, "[data-testid=session]");
  const current = page.getByTestId("session").filter({ hasText: "This device" });
  const fact = current.locator('xpath=.//dt[normalize-space()="Signed in with"]/following-sibling::dd[1]');
  return ((await fact.textContent()) ?? "").trim();
}

/** The second step's page, after a right password. */
async function atSecondStep(page: Page, web: WebApp): Promise<void> {
  await signInWithPassword(page, web, web.demo!);
  await page.waitForURL(`${web.url}/api/auth/two-factor`);
  assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Two-factor authentication");
}

describe("two-factor authentication in the web app (Chromium)", () => {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());

  it("enrols TOTP; the sign-in asks for a code; a replayed code is refused; a backup code works once", async () => {
    const { web } = app;
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const page = await newPage(app.browser);
    try {
      await signInWithPassword(page, web, demo);
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await signedInWith(page, web), "Password", "before two-factor: the password alone");
      const enrolled = await postFromPage(page, "two-factor-enroll");
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      const secret = enrolled.body.secret as string;
      // Issue 23: the app's entry carries the site's name, not the host's.
      assert.match(
        enrolled.body.uri as string,
        /^otpauth:\/\/totp\/Gatehouse:demo%40example\.test\?.*issuer=Gatehouse/,
      );
      const confirmed = await postFromPage(page, "two-factor-confirm", { code: totp(secret) });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      const backupCodes = confirmed.body.backupCodes as string[];
      assert.equal(backupCodes.length, 10);
      await signOut(page, web);

      // The password alone gives no session: the second step. The confirming code's time step is
      // spent, so the app's next code (one step on, within the accepted window) is the one typed.
      await atSecondStep(page, web);
      assert.equal(await sessionEmail(page, web), null);
      const code = totp(secret, 1);
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
      assert.equal(await signedInWith(page, web), "Password and a code from your authenticator app");
      await signOut(page, web);

      // The same code again: refused on the page, still signed out.
      await atSecondStep(page, web);
      await page.getByLabel("Code", { exact: true }).fill(code);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/api/auth/two-factor?error=TwoFactorCodeInvalid`);
      assert.equal(await page.getByRole("alert").textContent(), errorCatalogue.TwoFactorCodeInvalid.message);
      assert.equal(await sessionEmail(page, web), null);

      // A backup code instead, on the same pending sign-in.
      await page.getByRole("link", { name: "Use a backup code instead" }).click();
      await page.getByLabel("Backup code").fill(backupCodes[0]!);
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
      assert.equal(await signedInWith(page, web), "Password and a backup code");
      await page.screenshot({ path: `${SHOTS}/sessions-second-factor.png`, fullPage: true });
      await signOut(page, web);

      // That backup code is spent.
      await atSecondStep(page, web);
      await page.getByRole("link", { name: "Use a backup code instead" }).click();
      await page.getByLabel("Backup code").fill(backupCodes[0]!);
      await page.getByRole("button", { name: "Continue" }).click();
      // Issue 23: it says so (it said "not right" before).
      await page.waitForURL(`${web.url}/api/auth/two-factor?method=backup&error=BackupCodeUsed`);
      assert.equal(await page.getByRole("alert").textContent(), errorCatalogue.BackupCodeUsed.message);
      await page.screenshot({ path: `${SHOTS}/backup-code-used.png`, fullPage: true });
      assert.equal(await sessionEmail(page, web), null);
    } catch (error) {
      console.error(`server log:\n${app.serverLog.join("\n")}`);
      throw error;
    } finally {
      await page.context().close();
    }
  });
});

describe("two-factor authentication required: enrolment on the setup page (Chromium)", () => {
  let web: WebApp;
  let browser: Browser;
  const serverLog: string[] = [];
  let folders: string[] = [];

  // The web app with a config file that sets `twoFactor.required` (startE2eApp takes none).
  before(async () => {
    const staticDir = await buildUi();
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
    folders = [staticDir, dataDir];
    const configFile = join(dataDir, "gatehouse.config.mjs");
    await writeFile(configFile, "export default { twoFactor: { required: true } };\n");
    web = await startWebApp({
      env: {},
      dataDir,
      staticDir,
      configFile,
      port: 0,
      log: (line) => serverLog.push(line),
    });
    browser = await launchChromium();
    await mkdir(SHOTS, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await web?.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("sends a user without it to the setup page: QR code and key, a wrong code, the first code, backup codes, on", async () => {
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const page = await newPage(browser);
    try {
      await signInWithPassword(page, web, demo);
      const setup = `${web.url}/api/auth/two-factor-setup?callbackUrl=${encodeURIComponent(`${web.url}/protected`)}`;
      await page.waitForURL(setup);
      assert.equal(
        await page.getByRole("heading", { level: 1 }).textContent(),
        "Set up two-factor authentication",
      );
      const qr = page.getByRole("img", { name: "QR code to add this account to an authenticator app" });
      assert.ok(await qr.isVisible());
      const box = await qr.boundingBox();
      assert.ok(box && box.width >= 150 && Math.abs(box.width - box.height) < 2, JSON.stringify(box));
      const shown = (await page.locator(".secret").textContent()) ?? "";
      assert.match(shown, /^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
      const key = shown.replaceAll(" ", "");
      await page.screenshot({ path: `${SHOTS}/two-factor-setup.png`, fullPage: true });

      // A wrong code: the error, and the same key (the app already holds it).
      await page.getByLabel("Code", { exact: true }).fill(totp(key, 20));
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await page.waitForURL(`${setup}&error=TwoFactorCodeInvalid`);
      assert.equal(await page.getByRole("alert").textContent(), errorCatalogue.TwoFactorCodeInvalid.message);
      assert.equal((await page.locator(".secret").textContent())?.replaceAll(" ", ""), key);
      await page.screenshot({ path: `${SHOTS}/two-factor-setup-wrong-code.png`, fullPage: true });

      // The right one: on, and the ten backup codes, once.
      await page.getByLabel("Code", { exact: true }).fill(totp(key));
      await page.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await page.getByRole("heading", { name: "Save your backup codes" }).waitFor();
      const codes = await page
        .getByRole("list", { name: "Backup codes" })
        .getByRole("listitem")
        .allTextContents();
      assert.equal(codes.length, 10);
      for (const code of codes) assert.match(code, /^[a-z0-9]{5}-[a-z0-9]{5}$/);
      await page.screenshot({ path: `${SHOTS}/two-factor-backup-codes.png`, fullPage: true });
      await page.getByRole("link", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
      await signOut(page, web);

      // The next sign-in asks for the second step.
      await atSecondStep(page, web);
      await page.getByLabel("Code", { exact: true }).fill(totp(key, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(page, web), demo.email);
    } catch (error) {
      console.error(`server log:\n${serverLog.join("\n")}`);
      throw error;
    } finally {
      await page.context().close();
    }
  });
});
