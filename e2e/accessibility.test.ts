// Issue 16: axe-core (WCAG 2.1 A and AA) finds nothing serious or critical on any built-in page of core
// nor any page of the web app's account console, in English and German, light and dark; and on each
// page every Tab stop shows its focus. Two apps (the web app in development mode, and one with
// `twoFactor.required`), one Chromium, one browser context per language and colour scheme; each page
// a subtest of its own, so a failure names the page and the rest still run. Pages are reached as a
// person reaches them — forms posted, links from the dev mailbox opened — and found by structure
// (form actions, field names, test ids), not by their English words, which the German run does not
// have. Also: reduced motion in the console, and <html lang> following the requested language.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it, type TestContext } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startWebApp, type WebApp } from "../apps/web/src/server/start.ts";
import { expectAccessible, expectFocusVisibleEverywhere, formatProblems } from "./axe.ts";
import {
  authForm,
  mailLink,
  SHOTS,
  signInWithForm,
  signUpWithForm,
  submitAuthForm,
  totp,
} from "./sign-in-steps.ts";
import { buildUi, consoleSettled, launchChromium } from "./web-app.ts";

interface Variant {
  locale: "en" | "de";
  colorScheme: "light" | "dark";
}

/**
 * Each language once and each colour scheme once: every page is checked in both languages and both
 * schemes. `GATEHOUSE_A11Y_MATRIX=full` runs all four pairs (twice the time) — worth it after a
 * change of the palettes.
 */
const VARIANTS: Variant[] =
  process.env.GATEHOUSE_A11Y_MATRIX === "full"
    ? [
        { locale: "en", colorScheme: "light" },
        { locale: "de", colorScheme: "dark" },
        { locale: "de", colorScheme: "light" },
        { locale: "en", colorScheme: "dark" },
      ]
    : [
        { locale: "en", colorScheme: "light" },
        { locale: "de", colorScheme: "dark" },
      ];

const ACCEPT_LANGUAGE = { en: "en-US,en;q=0.9", de: "de-DE,de;q=0.9,en;q=0.5" } as const;
const PASSWORD = "a long and unusual sentence";

/** Signs out on the built-in sign-out page. */
async function signOut(page: Page, web: WebApp): Promise<void> {
  await page.goto(`${web.url}/api/auth/signout?callbackUrl=%2F`);
  await submitAuthForm(page, "signout");
}

describe("accessibility: axe on every built-in page and every account console page (Chromium)", () => {
  let browser: Browser;
  let staticDir: string;
  let web: WebApp;
  /** `twoFactor.required`: the setup page, the backup codes, then the second step. */
  let required: WebApp;
  const folders: string[] = [];
  const apps: WebApp[] = [];
  const serverLog: string[] = [];

  async function start(config?: string): Promise<WebApp> {
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
    folders.push(dataDir);
    let configFile: string | undefined;
    if (config) {
      configFile = join(dataDir, "gatehouse.config.mjs");
      await writeFile(configFile, config);
    }
    const app = await startWebApp({
      env: {},
      dataDir,
      staticDir,
      port: 0,
      log: (line) => serverLog.push(line),
      ...(configFile ? { configFile } : {}),
    });
    apps.push(app);
    return app;
  }

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    staticDir = await buildUi();
    folders.push(staticDir);
    browser = await launchChromium();
    web = await start();
    required = await start("export default { twoFactor: { required: true } };\n");
  });

  after(async () => {
    await browser?.close();
    for (const app of apps) await app.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  for (const variant of VARIANTS) {
    const name = `${variant.locale}-${variant.colorScheme}`;
    describe(`${variant.locale}, ${variant.colorScheme}`, () => {
      let context: BrowserContext;
      let page: Page;
      // This run's own account, so the runs never see each other's changes.
      const email = `a11y-${name}@example.test`;

      before(async () => {
        context = await browser.newContext({
          viewport: { width: 1100, height: 800 },
          locale: variant.locale === "de" ? "de-DE" : "en-US",
          colorScheme: variant.colorScheme,
          extraHTTPHeaders: { "Accept-Language": ACCEPT_LANGUAGE[variant.locale] },
        });
        page = await context.newPage();
        page.setDefaultTimeout(10_000);
      });
      after(() => context?.close());

      /**
       * axe on the page as it stands, then every Tab stop's focus visible, as a subtest named after the
       * page (`await`ed: a failure is reported and the journey goes on); a full-page screenshot in
       * /tmp/shots/a11y-<variant>-<label>.png.
       */
      async function check(t: TestContext, label: string): Promise<void> {
        await page.screenshot({ path: `${SHOTS}/a11y-${name}-${label}.png`, fullPage: true });
        await t.test(label, async (sub) => {
          const lesser = await expectAccessible(page, `${label} (${name})`);
          if (lesser.length > 0) sub.diagnostic(`moderate or minor:\n${formatProblems(lesser)}`);
          await expectFocusVisibleEverywhere(page, `${label} (${name})`);
        });
      }

      /** Fails the test with the server's log when a step (not an axe check) throws. */
      async function steps(run: () => Promise<void>): Promise<void> {
        try {
          await run();
        } catch (error) {
          await page
            .screenshot({ path: `${SHOTS}/a11y-${name}-failure.png`, fullPage: true })
            .catch(() => {});
          console.error(`server log:\n${serverLog.slice(-40).join("\n")}`);
          throw error;
        }
      }

      it("sign-in: OpenID, email link, password form and passkey button; with an error; sign-up; verify-email", (t) =>
        steps(async () => {
          await page.goto(`${web.url}/api/auth/signin?callbackUrl=%2Fprotected`);
          // The passkey button is shown by the page's script.
          await page.locator("[data-passkey=signin] button").waitFor();
          assert.equal(await authForm(page, "callback/password").count(), 1);
          assert.equal(await authForm(page, "signin/email").count(), 1);
          await check(t, "signin");

          await page.goto(`${web.url}/api/auth/signin?error=CredentialsSignin`);
          await page.locator("[role=alert]").waitFor();
          await check(t, "signin-error");

          await page.goto(`${web.url}/api/auth/signup`);
          await check(t, "signup");
          // A password on the breached list: the server refuses it, and the page says so at the field.
          await authForm(page, "signup").locator("input[name=email]").fill(email);
          await authForm(page, "signup").locator("input[name=password]").fill("password");
          await submitAuthForm(page, "signup");
          assert.match(page.url(), /\/signup\?.*error=PasswordBreached/);
          await check(t, "signup-error");

          await authForm(page, "signup").locator("input[name=email]").fill(email);
          await authForm(page, "signup").locator("input[name=password]").fill(PASSWORD);
          await submitAuthForm(page, "signup");
          assert.match(page.url(), /\/verify-request\?.*type=signup/);
          await check(t, "verify-request-signup");

          await page.goto(await mailLink(web, "verify-email", email));
          await check(t, "confirm-verify-email");
          await submitAuthForm(page, "verify-email");
          await check(t, "email-verified");

          await page.goto(`${web.url}/api/auth/signin?notice=email-verified`);
          await check(t, "signin-notice");
        }));

      it("email link sign-in, forgot password, reset password (a valid and an invalid link), passkey sign-up, error pages", (t) =>
        steps(async () => {
          await page.goto(`${web.url}/api/auth/signin`);
          await authForm(page, "signin/email").locator("input[name=email]").fill(email);
          await submitAuthForm(page, "signin/email");
          assert.match(page.url(), /\/verify-request/);
          await check(t, "verify-request-signin");
          await page.goto(await mailLink(web, "sign-in", email));
          await page.locator("form button[type=submit]").waitFor();
          await check(t, "confirm-email-sign-in");

          await page.goto(`${web.url}/api/auth/forgot-password`);
          await check(t, "forgot-password");
          await page.goto(`${web.url}/api/auth/forgot-password?error=EmailInvalid`);
          await check(t, "forgot-password-error");
          await authForm(page, "forgot-password").locator("input[name=email]").fill(email);
          await submitAuthForm(page, "forgot-password");
          await check(t, "verify-request-reset-password");
          const reset = await mailLink(web, "reset-password", email);
          await page.goto(reset);
          await check(t, "reset-password");
          await page.goto(`${reset}&error=PasswordTooShort`);
          await check(t, "reset-password-error");
          // A link whose token is not (or no longer) valid: the form, then the error page on posting it.
          const forged = new URL(reset);
          forged.searchParams.set("token", "not-a-real-token");
          await page.goto(forged.href);
          await authForm(page, "reset-password").locator("input[name=password]").fill(PASSWORD);
          await submitAuthForm(page, "reset-password");
          await check(t, "reset-password-invalid-link");
          await page.goto(`${web.url}/api/auth/reset-password?email=${encodeURIComponent(email)}`);
          await check(t, "reset-password-no-token");

          await page.goto(`${web.url}/api/auth/passkey-signup`);
          await page.locator("form[data-passkey=signup]").waitFor();
          await check(t, "passkey-signup");
          await page.goto(`${web.url}/api/auth/passkey-signup?error=EmailInvalid`);
          await page.locator("form[data-passkey=signup]").waitFor();
          await check(t, "passkey-signup-error");

          for (const code of ["Configuration", "AccessDenied", "Verification", "RateLimited", "Nonsense"]) {
            await page.goto(`${web.url}/api/auth/error?error=${code}`);
            await check(t, `error-${code}`);
          }
        }));

      it("the account console: every section, its forms' errors, the reauth dialog, home and the other pages", (t) =>
        steps(async () => {
          // Signed out: the home page.
          await page.goto(`${web.url}/`);
          await page.locator("[data-testid=session-status]").waitFor();
          await page.locator(".account button").waitFor();
          await check(t, "home-signed-out");

          // A second browser of the same person, so the sessions page has one to sign out.
          const other = await browser.newContext({ locale: variant.locale === "de" ? "de-DE" : "en-US" });
          try {
            await signInWithForm(await other.newPage(), web, { email, password: PASSWORD });
          } finally {
            await other.close();
          }
          await signInWithForm(page, web, { email, password: PASSWORD });
          await page.waitForURL(`${web.url}/protected`);
          await page.locator("[data-testid=protected-email]").waitFor();
          await check(t, "protected");

          await page.goto(`${web.url}/`);
          await page.locator(".account-name").waitFor();
          await check(t, "home-signed-in");

          await page.goto(`${web.url}/account`);
          await consoleSettled(page, "[data-testid=two-factor-status]");
          await page.locator("[data-testid=password-status]").waitFor();
          await check(t, "account-sign-in-and-security");

          // Two-factor enrolment in the console: the QR code step, then the backup codes.
          await page
            .locator("section.card", { has: page.locator("[data-testid=two-factor-status]") })
            .locator("button.button")
            .first()
            .click();
          const secret = page.locator("[data-testid=totp-secret]");
          await secret.waitFor();
          await check(t, "account-two-factor-enrol");
          const enrolment = page.locator("section.card", { has: secret });
          await enrolment
            .locator("input")
            .fill(totp(((await secret.textContent()) ?? "").replaceAll(" ", "")));
          await enrolment.locator("button[type=submit]").click();
          await page.locator("[data-testid=backup-codes]").waitFor();
          await check(t, "account-two-factor-backup-codes");

          await page.goto(`${web.url}/account/profile`);
          await consoleSettled(page, "[data-testid=profile-email]");
          await check(t, "account-profile");
          // A picture that is not https: the error summary and the field's error.
          await page.locator("input[type=url]").fill("http://example.com/picture.png");
          await page
            .locator("form", { has: page.locator("input[type=url]") })
            .locator("button[type=submit]")
            .click();
          await page.locator(".error-summary").waitFor();
          await check(t, "account-profile-error");

          // "Confirm it's you": the server's first answer is made the one of an old sign-in.
          await page.route("**/api/auth/email-change", (route) =>
            route.fulfill({
              status: 403,
              contentType: "application/json",
              body: JSON.stringify({ error: "ReauthenticationRequired", message: "Confirm it's you." }),
            }),
          );
          const emailCard = page.locator("section.card", {
            has: page.locator("[data-testid=profile-email]"),
          });
          await emailCard.locator("button").first().click();
          await emailCard.locator("input[type=email]").fill(`new-${email}`);
          await emailCard.locator("button[type=submit]").click();
          const dialog = page.locator("dialog[open]");
          await dialog.locator("input").waitFor();
          await check(t, "reauth-dialog");
          await dialog.locator("input").fill("not the password");
          await dialog.locator("button[type=submit]").click();
          await dialog.locator("[role=alert]").waitFor();
          await check(t, "reauth-dialog-error");
          await page.keyboard.press("Escape");
          await dialog.waitFor({ state: "detached" });
          await page.unroute("**/api/auth/email-change");

          await page.goto(`${web.url}/account/sessions`);
          await consoleSettled(page, "[data-testid=session]");
          await page.locator("[data-testid=session]").nth(1).waitFor();
          await check(t, "account-sessions");

          await page.goto(`${web.url}/account/activity`);
          await consoleSettled(page, "[data-testid=activity-entry]");
          await check(t, "account-activity");

          await page.goto(`${web.url}/account/delete`);
          await consoleSettled(page, "form input");
          await check(t, "account-delete");
          await page.locator("form input").fill("someone-else@example.test");
          await page.locator("form button[type=submit]").click();
          await page.locator("form [aria-invalid=true]").waitFor();
          await check(t, "account-delete-error");

          await page.goto(`${web.url}/account/nope`);
          await page.locator("h1").waitFor();
          await check(t, "not-found-in-console");
          await page.goto(`${web.url}/nope`);
          await page.locator("h1").waitFor();
          await check(t, "not-found");
          await page.goto(`${web.url}/account-deleted`);
          await page.locator("h1").waitFor();
          await check(t, "account-deleted");
        }));

      it("change email: the confirmation page and the changed page; the sign-out page", (t) =>
        steps(async () => {
          // Signed in from the console test; the request as the console's email form sends it.
          await page.goto(`${web.url}/account/profile`);
          await consoleSettled(page, "[data-testid=profile-email]");
          const emailCard = page.locator("section.card", {
            has: page.locator("[data-testid=profile-email]"),
          });
          await emailCard.locator("button").first().click();
          await emailCard.locator("input[type=email]").fill(`new-${email}`);
          await emailCard.locator("button[type=submit]").click();
          await emailCard.locator(".notice-success").waitFor();
          await page.goto(await mailLink(web, "confirm-new-email", `new-${email}`));
          await check(t, "confirm-change-email");
          await submitAuthForm(page, "change-email");
          await check(t, "email-changed");

          await page.goto(`${web.url}/api/auth/signout`);
          await check(t, "signout");
          await page.goto(`${web.url}/api/auth/signout?error=MissingCSRF`);
          await check(t, "signout-error");
        }));

      it("two-factor authentication required: setup page, its error, backup codes; the second step, its error, backup code", (t) =>
        steps(async () => {
          const user = `2fa-${email}`;
          await signUpWithForm(page, required, { email: user, password: PASSWORD });
          await signInWithForm(page, required, { email: user, password: PASSWORD });
          await page.waitForURL(/\/api\/auth\/two-factor-setup/);
          await check(t, "two-factor-setup");
          const key = ((await page.locator(".secret").textContent()) ?? "").replaceAll(" ", "");
          await authForm(page, "two-factor-setup").first().locator("input[name=code]").fill(totp(key, 20));
          await Promise.all([
            page.waitForEvent("load"),
            authForm(page, "two-factor-setup").first().locator("button[type=submit]").click(),
          ]);
          assert.match(page.url(), /error=TwoFactorCodeInvalid/);
          await check(t, "two-factor-setup-error");
          await authForm(page, "two-factor-setup").first().locator("input[name=code]").fill(totp(key));
          await Promise.all([
            page.waitForEvent("load"),
            authForm(page, "two-factor-setup").first().locator("button[type=submit]").click(),
          ]);
          await page.locator("ul.codes").waitFor();
          await check(t, "two-factor-backup-codes");

          await signOut(page, required);
          await signInWithForm(page, required, { email: user, password: PASSWORD });
          await page.waitForURL(`${required.url}/api/auth/two-factor`);
          await check(t, "two-factor");
          await authForm(page, "two-factor").locator("input[name=code]").fill(totp(key, 20));
          await submitAuthForm(page, "two-factor");
          assert.match(page.url(), /error=TwoFactorCodeInvalid/);
          await check(t, "two-factor-error");
          await page.goto(`${required.url}/api/auth/two-factor?method=backup`);
          await check(t, "two-factor-backup-code");
        }));
    });
  }

  it("reduced motion: the console's loading placeholders pulse, and stand still for a person who asks for less motion", async () => {
    const demo = web.demo;
    assert.ok(demo, "development mode has a demo account");
    const running: Partial<Record<"no-preference" | "reduce", number>> = {};
    for (const reducedMotion of ["no-preference", "reduce"] as const) {
      const context = await browser.newContext({ reducedMotion });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        await signInWithForm(page, web, { email: demo.email, password: demo.password });
        await page.waitForURL(`${web.url}/protected`);
        // The account's answer waits until the placeholders have been looked at.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        await page.route("**/api/auth/account", async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${web.url}/account/profile`);
        await page.locator(".skeleton").first().waitFor();
        running[reducedMotion] = await page.evaluate(
          () => document.getAnimations().filter((animation) => animation.playState === "running").length,
        );
        release();
        await page.locator("[data-testid=profile-email]").waitFor();
      } finally {
        await context.close();
      }
    }
    assert.ok((running["no-preference"] ?? 0) > 0, "the placeholders pulse by default");
    assert.equal(running.reduce, 0, "nothing moves with prefers-reduced-motion: reduce");
  });

  // The built-in pages and the console say which language they are in.
  for (const locale of ["en", "de"] as const) {
    it(`${locale}: <html lang> of the built-in pages and the console follows the request`, async () => {
      const context = await browser.newContext({
        locale: locale === "de" ? "de-DE" : "en-US",
        extraHTTPHeaders: { "Accept-Language": ACCEPT_LANGUAGE[locale] },
      });
      try {
        const page = await context.newPage();
        const wrong: string[] = [];
        for (const path of [
          "/api/auth/signin",
          "/api/auth/signup",
          "/api/auth/forgot-password",
          "/api/auth/verify-request",
          "/api/auth/error?error=Configuration",
          "/api/auth/signout",
          "/",
          "/nope",
        ]) {
          await page.goto(`${web.url}${path}`);
          await page.locator("h1").waitFor();
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang.split("-")[0] !== locale) wrong.push(`${path}: lang="${lang}"`);
        }
        assert.deepEqual(wrong, [], `pages not in ${locale}`);
      } finally {
        await context.close();
      }
    });
  }
});
