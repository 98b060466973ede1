// The web app's Security section (apps/web, development mode, SQLite) in a real Chromium against
// the real server: passkeys added, listed, renamed, used and deleted with a CDP virtual
// authenticator, and two-factor turned on from the page, asked for at the next password sign-in,
// and turned off again.
import assert from "node:assert/strict";
import { mkdir } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { Secret, TOTP } from "otpauth";
import type { BrowserContext, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { addVirtualAuthenticator } from "./sign-in-steps.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

const SHOTS = "/tmp/shots";
const DESKTOP = { width: 1100, height: 800 };
const PHONE = { width: 360, height: 740 };

/** The code an authenticator app holding `secret` shows `stepsAhead` 30-second steps from now. */
function totpCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });
}

/** Signs in with email and password on the built-in sign-in page, to come back to `/account`. */
async function passwordSignIn(page: Page, web: WebApp, account: { email: string; password: string }) {
  await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Faccount`);
  const form = page.locator("form", {
    has: page.getByRole("button", { name: "Sign in with Email and password" }),
  });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByRole("button", { name: "Sign in with Email and password" }).click();
}

async function passkeysOnServer(context: BrowserContext, web: WebApp): Promise<Array<{ name: string }>> {
  const response = await context.request.get(`${web.url}/api/auth/passkeys`);
  assert.equal(response.status(), 200);
  return ((await response.json()) as { passkeys: Array<{ name: string }> }).passkeys;
}

/** The Security section, full page, at desktop width and at 360 px. */
async function screenshots(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);
}

describe("the Security section of the web app (Chromium)", () => {
  let app: E2eApp;
  before(async () => {
    app = await startE2eApp();
    await mkdir(SHOTS, { recursive: true });
  });
  after(() => app?.close());

  it("adds, lists, renames, uses and deletes a passkey; turns two-factor on, signs in with a code, turns it off", async () => {
    const { web } = app;
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const context = await app.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const { cdp, authenticatorId } = await addVirtualAuthenticator(context, page);
    try {
      // --- Passkeys ---
      await passwordSignIn(page, web, demo);
      await page.waitForURL(`${web.url}/account`);
      await page.getByRole("heading", { level: 2, name: "Security" }).waitFor();
      const passkeys = page.getByRole("region", { name: "Passkeys" });
      await passkeys.getByText("You have no passkeys yet.").waitFor();
      await screenshots(page, "security-empty");

      await passkeys.getByLabel("Name for a new passkey (optional)").fill("Test laptop");
      await passkeys.getByRole("button", { name: "Add a passkey" }).click();
      await passkeys.getByRole("status").filter({ hasText: "Passkey “Test laptop” added." }).waitFor();
      const items = passkeys.getByTestId("passkey-item");
      assert.equal(await items.count(), 1);
      assert.match((await items.first().textContent()) ?? "", /Test laptop.*Added .*Not used yet/);
      assert.deepEqual(
        (await passkeysOnServer(context, web)).map((passkey) => passkey.name),
        ["Test laptop"],
      );
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      assert.equal(credentials.length, 1, "the authenticator keeps the new passkey");
      await screenshots(page, "security-passkey");

      await items.first().getByRole("button", { name: "Rename" }).click();
      const rename = passkeys.getByLabel("New name for “Test laptop”");
      assert.ok(
        await rename.evaluate((input) => input === document.activeElement),
        "focus moves to the field",
      );
      await rename.fill("Work laptop");
      await passkeys.getByRole("button", { name: "Save name" }).click();
      await passkeys.getByRole("status").filter({ hasText: "Passkey renamed to “Work laptop”." }).waitFor();
      assert.deepEqual(
        (await passkeysOnServer(context, web)).map((passkey) => passkey.name),
        ["Work laptop"],
      );

      // Signed out, the home page offers the passkey, and it signs in.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByTestId("session-status").filter({ hasText: "You are not signed in." }).waitFor();
      await page.getByRole("button", { name: "Continue with a passkey" }).click();
      await page
        .getByTestId("session-status")
        .filter({ hasText: `(${demo.email})` })
        .waitFor();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Account" }).click();
      await passkeys.getByText(/Last used/).waitFor();

      await items.first().getByRole("button", { name: "Delete" }).click();
      await passkeys
        .getByText("Delete “Work laptop”? It will no longer sign you in.", { exact: false })
        .waitFor();
      await screenshots(page, "security-delete-confirm");
      await passkeys.getByRole("button", { name: "Delete passkey" }).click();
      await passkeys.getByRole("status").filter({ hasText: "Passkey “Work laptop” deleted." }).waitFor();
      await passkeys.getByText("You have no passkeys yet.").waitFor();
      assert.deepEqual(await passkeysOnServer(context, web), []);
      // As the person would remove it from their password manager too; otherwise the built-in sign-in
      // page's passkey autofill, answered at once by this authenticator, would offer the dead passkey.
      await cdp.send("WebAuthn.clearCredentials", { authenticatorId });

      // --- Two-factor ---
      const twoFactor = page.getByRole("region", { name: "Two-factor authentication" });
      await twoFactor.getByRole("button", { name: /^(Turn on|Set up) two-factor authentication$/ }).click();
      await twoFactor.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
      const secret = ((await twoFactor.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
      assert.match(secret, /^[A-Z2-7]{16,}$/);
      await screenshots(page, "security-enrol");

      await twoFactor.getByLabel("Code from the app").fill("000000");
      await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      await twoFactor.getByRole("alert").filter({ hasText: "That code is not right" }).waitFor();
      await twoFactor.getByLabel("Code from the app").fill(totpCode(secret));
      await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
      const codes = twoFactor.getByTestId("backup-codes").getByRole("listitem");
      await codes.first().waitFor();
      assert.equal(await codes.count(), 10);
      const backupCodes = (await codes.allTextContents()).map((code) => code.trim());
      assert.ok(
        backupCodes.every((code) => /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(code)),
        backupCodes.join(" "),
      );
      await screenshots(page, "security-backup-codes");
      await twoFactor.getByRole("button", { name: "I have saved my backup codes" }).click();
      await twoFactor
        .getByTestId("two-factor-status")
        .filter({ hasText: "Two-factor authentication is on." })
        .waitFor();

      // The next password sign-in asks for a code.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByTestId("session-status").filter({ hasText: "You are not signed in." }).waitFor();
      await passwordSignIn(page, web, demo);
      await page.waitForURL(`${web.url}/api/auth/two-factor`);
      assert.deepEqual(await (await context.request.get(`${web.url}/api/auth/session`)).json(), {});
      // The code of the next step: the step the confirmation used is never accepted twice.
      await page.getByLabel("Code").fill(totpCode(secret, 1));
      await page.getByRole("button", { name: "Continue" }).click();
      await page.waitForURL(`${web.url}/account`);
      assert.equal(await page.getByTestId("account-email").textContent(), demo.email);

      // Off again, with a backup code. (A server that does not tell the status shows "Set up", and
      // starting it says two-factor is on already.)
      const setUp = twoFactor.getByRole("button", { name: "Set up two-factor authentication" });
      const turnOff = twoFactor.getByRole("button", { name: "Turn off two-factor authentication" });
      await setUp.or(turnOff).first().waitFor();
      if (await setUp.isVisible()) await setUp.click();
      await screenshots(page, "security-two-factor-on");
      await turnOff.click();
      await twoFactor.getByLabel("Code to turn off two-factor authentication").fill(backupCodes[0] ?? "");
      await twoFactor.getByRole("button", { name: "Turn off two-factor authentication" }).click();
      await twoFactor.getByRole("status").filter({ hasText: "Two-factor authentication is off." }).waitFor();

      // And the next sign-in needs the password alone.
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.getByTestId("session-status").filter({ hasText: "You are not signed in." }).waitFor();
      await passwordSignIn(page, web, demo);
      await page.waitForURL(`${web.url}/account`);
    } catch (error) {
      await page.screenshot({ path: `${SHOTS}/failure.png`, fullPage: true }).catch(() => {});
      console.error(`server log:\n${app.serverLog.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
