// The admin console of the web app (apps/web, development mode, SQLite; one flow on PostgreSQL) in a
// real Chromium against the real server: an administrator by AUTH_ADMIN_EMAILS finds users and acts on
// them — a user disabled while signed in elsewhere is signed out at once and refused at sign-in (with
// the keyboard alone), enabled again, their sessions ended, a reset link sent and followed, two-factor
// removed with a reason, the role changed, the user deleted after "Confirm it's you" — and the audit
// log shows who did it. A user who is no administrator is refused, by the page and by the API. axe
// checks every page in English and German.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createPostgresTestSchema } from "@gatehouse/adapter-conformance";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startWebApp, type WebApp } from "../apps/web/src/server/start.ts";
import { errorCatalogue } from "../packages/core/src/errors/catalogue.ts";
import { expectAccessible, expectFocusVisible, formatProblems } from "./axe.ts";
import {
  authForm,
  mailLink,
  postFromPage,
  SHOTS,
  sessionEmail,
  signInWithForm,
  signUpWithForm,
  submitAuthForm,
  totp,
} from "./sign-in-steps.ts";
import { buildUi, consoleSettled, launchChromium } from "./web-app.ts";

const DESKTOP = { width: 1100, height: 800 };
const PHONE = { width: 360, height: 740 };
const PASSWORD = "a long and unusual sentence";
const ROOT = "root@example.test";
const ADA = "ada@example.test";
const BOB = "bob@example.test";
const CAROL = "carol@example.test";

/** axe (WCAG 2.1 A and AA): nothing serious or critical; the lesser findings are printed. */
async function accessible(page: Page, label: string): Promise<void> {
  const lesser = await expectAccessible(page, label);
  if (lesser.length > 0) console.log(`axe, moderate or minor, ${label}:\n${formatProblems(lesser)}`);
}

/**
 * The page at desktop width and at 360 px, light and dark: /tmp/shots/admin-<name>-<width>[-dark].png.
 * Nothing may stick out sideways at 360 px.
 */
async function screenshots(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize() ?? DESKTOP;
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const suffix = scheme === "dark" ? "-dark" : "";
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}/admin-${name}-desktop${suffix}.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SHOTS}/admin-${name}-360${suffix}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `admin-${name} is ${overflow}px wider than 360 px`);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(viewport);
}

/** The text of an element as it reads (its lines and cells apart), its spaces tidied. */
async function text(locator: ReturnType<Page["locator"]>): Promise<string> {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text keeps cells and lines apart.
  return (await locator.innerText()).replace(/\s+/g, " ").trim();
}

describe("the admin console of the web app (Chromium)", () => {
  let browser: Browser;
  let staticDir: string;
  let web: WebApp;
  const folders: string[] = [];
  const apps: WebApp[] = [];
  const serverLog: string[] = [];
  const contexts: BrowserContext[] = [];
  /** The administrator's page, and the page of a browser where Ada is signed in. */
  let admin: Page;
  let elsewhere: Page;
  let adaId: string;

  async function start(env: Record<string, string>): Promise<WebApp> {
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
    folders.push(dataDir);
    const app = await startWebApp({ env, dataDir, staticDir, port: 0, log: (line) => serverLog.push(line) });
    apps.push(app);
    return app;
  }

  async function newPage(options: { locale?: "en" | "de" } = {}): Promise<Page> {
    const de = options.locale === "de";
    const context = await browser.newContext({
      viewport: DESKTOP,
      locale: de ? "de-DE" : "en-US",
      extraHTTPHeaders: { "Accept-Language": de ? "de-DE,de;q=0.9" : "en-US,en;q=0.9" },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  /** Runs a test's steps; on failure, a screenshot of the pages and the server's log. */
  async function steps(run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      for (const [index, page] of [admin, elsewhere].entries()) {
        await page
          ?.screenshot({ path: `${SHOTS}/admin-failure-${index}.png`, fullPage: true })
          .catch(() => {});
      }
      console.error(`server log:\n${serverLog.slice(-60).join("\n")}`);
      throw error;
    }
  }

  /** The administrator on a user's page, with its data on screen. */
  async function openUser(id: string): Promise<void> {
    await admin.goto(`${web.url}/admin/users/${id}`);
    await consoleSettled(admin, "[data-testid=admin-profile]");
  }

  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    staticDir = await buildUi();
    folders.push(staticDir);
    browser = await launchChromium();
    // The first administrator, by address (the demo account is one too, in development).
    web = await start({ AUTH_ADMIN_EMAILS: ROOT });
    const setup = await newPage();
    await signUpWithForm(setup, web, { email: ROOT, password: PASSWORD, name: "Root Admin" });
    await signUpWithForm(setup, web, { email: ADA, password: PASSWORD, name: "Ada Lovelace" });
    await signUpWithForm(setup, web, { email: CAROL, password: PASSWORD, name: "Carol Jones" });
    // Bob never confirms his address.
    await signUpWithForm(setup, web, {
      email: BOB,
      password: PASSWORD,
      name: "Bob Unconfirmed",
      verify: false,
    });
    admin = await newPage();
    elsewhere = await newPage();
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    for (const app of apps) await app.close();
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  it("an administrator sees the overview with real counts, searches and filters the users, opens one", () =>
    steps(async () => {
      await signInWithForm(admin, web, { email: ROOT, password: PASSWORD, callbackUrl: "/account" });
      await admin.waitForURL(`${web.url}/account`);
      // The site's header offers the admin console to an administrator, on every page.
      await admin.goto(`${web.url}/`);
      await admin.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
      await admin.waitForURL(`${web.url}/admin`);
      await admin.goto(`${web.url}/account`);
      // The account console offers it too.
      await admin.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin" }).click();
      await admin.waitForURL(`${web.url}/admin`);
      await consoleSettled(admin, "[data-testid=admin-stats]");
      assert.equal(await admin.title(), "Overview · Gatehouse");
      assert.equal(await text(admin.getByRole("heading", { level: 1 })), "Administration");

      // The numbers on the page are the server's, and the server's are right: five users, none disabled.
      const answer = await admin.evaluate(async () => (await fetch("/api/auth/admin-overview")).json());
      const stats = admin.getByTestId("admin-stats");
      const count = async (label: string) => {
        const stat = stats.locator(".stat").filter({ has: admin.getByText(label, { exact: true }) });
        return Number((await text(stat.locator(".stat-value"))).replace(/\D/g, ""));
      };
      assert.equal(await count("Users"), 5);
      assert.equal(answer.users, 5);
      assert.equal(await count("Disabled users"), 0);
      assert.equal(await count("Active sessions"), answer.activeSessions);
      assert.ok(answer.activeSessions >= 1, "the administrator's own session");
      assert.equal(await count("Sign-ins in the last 24 hours"), answer.signIns);
      assert.ok(answer.signIns >= 1);
      assert.equal(await count("Failed sign-ins in the last 24 hours"), answer.failedSignIns);
      await accessible(admin, "overview (en)");
      await screenshots(admin, "overview");

      // --- Users: all of them, then a search kept in the URL across a reload ---
      await admin
        .getByRole("navigation", { name: "Administration" })
        .getByRole("link", { name: "Users" })
        .click();
      await consoleSettled(admin, "[data-testid=user-row]");
      const rows = admin.getByTestId("user-row");
      assert.equal(await rows.count(), 5);
      await admin.getByRole("status").filter({ hasText: "5 users shown." }).waitFor();
      assert.equal(
        await text(admin.getByRole("table").locator("caption")),
        "Users, newest first",
        "the table says what it lists",
      );
      await accessible(admin, "users (en)");
      await screenshots(admin, "users");

      await admin.getByLabel("Search", { exact: true }).fill("AD");
      await admin.getByRole("button", { name: "Search", exact: true }).click();
      await admin.waitForURL(/\/admin\/users\?q=AD$/);
      await admin.getByRole("status").filter({ hasText: "1 user shown." }).waitFor();
      assert.match(await text(rows.first()), /^Ada Lovelace ada@example\.test/);
      await admin.reload();
      await consoleSettled(admin, "[data-testid=user-row]");
      assert.equal(await rows.count(), 1, "the search survives a reload");
      assert.equal(await admin.getByLabel("Search", { exact: true }).inputValue(), "AD");

      // An id matches exactly.
      const adaLink = rows.first().getByRole("link");
      adaId = decodeURIComponent((await adaLink.getAttribute("href"))?.split("/").pop() ?? "");
      assert.ok(adaId);

      await admin.getByRole("link", { name: "Clear filters" }).click();
      await admin.getByLabel("Email address").selectOption("unverified");
      await admin.getByLabel("Sort by").selectOption("email-desc");
      await admin.getByRole("button", { name: "Search", exact: true }).click();
      await admin.waitForURL(/unverified=true/);
      await admin.getByRole("status").filter({ hasText: "1 user shown." }).waitFor();
      assert.match(await text(rows.first()), /Bob Unconfirmed.*Email not confirmed/);
      assert.equal(
        await text(admin.getByRole("table").locator("caption")),
        "Users matching your search, email address, Z to A",
        "the sort reads as part of the caption's sentence",
      );
      await admin.getByLabel("Email address").selectOption("");
      await admin.getByRole("button", { name: "Search", exact: true }).click();
      await admin.getByRole("status").filter({ hasText: "5 users shown." }).waitFor();
      assert.deepEqual(
        (await rows.locator(".secondary").allTextContents()).slice(0, 2),
        ["root@example.test", "demo@example.test"],
        "email addresses Z to A",
      );
      assert.match(
        await text(rows.first()),
        /Administrator/,
        "the bootstrap address makes root an administrator",
      );

      await admin.getByLabel("Search", { exact: true }).fill(adaId);
      await admin.getByRole("button", { name: "Search", exact: true }).click();
      await admin.getByRole("status").filter({ hasText: "1 user shown." }).waitFor();
      await rows.first().getByRole("link", { name: "Ada Lovelace" }).click();
      await consoleSettled(admin, "[data-testid=admin-profile]");
      assert.equal(await admin.title(), `${ADA} · Gatehouse`);
      assert.match(await text(admin.getByTestId("admin-profile")), /Name\s?Ada Lovelace.*Account\s?Enabled/);
      await accessible(admin, "user (en)");
      await screenshots(admin, "user");
    }));

  it("disables, with the keyboard alone, a user signed in elsewhere: signed out at once and refused; enabled, they sign in", () =>
    steps(async () => {
      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/protected`);
      await openUser(adaId);
      await admin.getByTestId("admin-session").first().waitFor();

      // Tab to "Disable account", open the form, give a reason, send it: no mouse.
      // From the top of the page, as a person arriving there would.
      await admin.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      let found = false;
      for (let step = 0; step < 80 && !found; step++) {
        await admin.keyboard.press("Tab");
        found = await admin.evaluate(() => document.activeElement?.textContent === "Disable account");
      }
      assert.ok(found, "Tab reaches Disable account");
      await expectFocusVisible(admin, "Disable account");
      await admin.keyboard.press("Enter");
      const reason = admin.getByTestId("admin-disable").getByLabel("Reason (optional)");
      assert.ok(
        await reason.evaluate((input) => input === document.activeElement),
        "focus moves to the reason",
      );
      await admin.keyboard.type("Phishing report");
      await admin.keyboard.press("Tab");
      assert.equal(await admin.evaluate(() => document.activeElement?.textContent), "Disable account");
      await expectFocusVisible(admin, "the form's Disable account");
      await admin.keyboard.press("Enter");
      const disabledAt = Date.now();
      await admin
        .getByRole("status")
        .filter({ hasText: `${ADA} is disabled, and their sessions have ended.` })
        .waitFor();
      assert.ok(
        await admin
          .getByRole("heading", { level: 3, name: "Actions" })
          .evaluate((h) => h === document.activeElement),
        "focus moves to the card's heading",
      );

      // The other browser is signed out at its next request, and its sign-in is refused.
      assert.equal(await sessionEmail(elsewhere, web), null);
      assert.ok(Date.now() - disabledAt < 2000, "signed out at once");
      await elsewhere.reload();
      assert.match(
        elsewhere.url(),
        /\/api\/auth\/signin\?callbackUrl=%2Fprotected/,
        "the reload shows signed out",
      );
      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(/\/api\/auth\/signin\?.*error=AccountDisabled/);
      assert.equal(await text(elsewhere.getByRole("alert")), errorCatalogue.AccountDisabled.message);
      assert.equal(await sessionEmail(elsewhere, web), null);

      await admin.getByTestId("admin-no-sessions").waitFor();
      assert.match(await text(admin.getByTestId("admin-user-status")), /^Disabled since /);
      await accessible(admin, "user, disabled (en)");
      await screenshots(admin, "user-disabled");

      // Enabling asks for an optional reason first, as every action does.
      await admin.getByRole("button", { name: "Enable account" }).click();
      await admin.getByTestId("admin-enable").getByLabel("Reason (optional)").fill("Cleared by support");
      await admin.getByRole("button", { name: "Enable account" }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `${ADA} is enabled again and can sign in.` })
        .waitFor();
      assert.equal(await text(admin.getByTestId("admin-user-status")), "Enabled");
      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(elsewhere, web), ADA);
    }));

  it("ends one of the user's sessions, then all of them", () =>
    steps(async () => {
      await openUser(adaId);
      const sessions = admin.getByTestId("admin-session");
      await sessions.first().waitFor();
      assert.equal(await sessions.count(), 1);
      assert.match(
        await text(sessions.first()),
        /Chrome \d+ on Linux.*Address\s?127\.0\.0\.1.*Signed in with\s?Password/,
      );
      await sessions
        .first()
        .getByRole("button", { name: /^End session on Chrome \d+ on Linux$/ })
        .click();
      await admin
        .getByRole("status")
        .filter({ hasText: /^The session on Chrome \d+ on Linux has ended\.$/ })
        .waitFor();
      assert.equal(await sessionEmail(elsewhere, web), null);

      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/protected`);
      await admin.reload();
      await sessions.first().waitFor();
      await admin.getByRole("button", { name: "End all sessions" }).click();
      await admin.getByText(`End every session of ${ADA}?`).waitFor();
      await admin
        .getByRole("region", { name: "Sessions" })
        .getByLabel("Reason (optional)")
        .fill("Laptop reported stolen");
      await screenshots(admin, "end-all-confirm");
      await admin.getByRole("button", { name: "Yes, end all sessions" }).click();
      await admin.getByRole("status").filter({ hasText: "1 session has ended." }).waitFor();
      // The reason is the audit entry's, shown in the user's recent activity.
      await admin.getByText("Laptop reported stolen").waitFor();
      await admin.getByTestId("admin-no-sessions").waitFor();
      assert.equal(await sessionEmail(elsewhere, web), null);
    }));

  it("sends a password reset link; the user follows it and signs in with the new password", () =>
    steps(async () => {
      await openUser(adaId);
      const sentAfter = Date.now();
      await admin.getByRole("button", { name: "Send password reset link" }).click();
      await admin.getByRole("button", { name: "Send password reset link" }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `A password reset link was sent to ${ADA}.` })
        .waitFor();
      await elsewhere.goto(await mailLink(web, "reset-password", ADA, { after: sentAfter }));
      await authForm(elsewhere, "reset-password")
        .locator("input[name=password]")
        .fill("a brand new sentence");
      await submitAuthForm(elsewhere, "reset-password");
      await signInWithForm(elsewhere, web, { email: ADA, password: "a brand new sentence" });
      await elsewhere.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(elsewhere, web), ADA);
      // Back to the usual password for the next steps.
      assert.equal(
        (
          await postFromPage(elsewhere, "change-password", {
            currentPassword: "a brand new sentence",
            newPassword: PASSWORD,
          })
        ).status,
        200,
      );
    }));

  it("removes two-factor with a required reason; the user then signs in without a code", () =>
    steps(async () => {
      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/protected`);
      const enrolled = await postFromPage(elsewhere, "two-factor-enroll");
      assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
      const confirmed = await postFromPage(elsewhere, "two-factor-confirm", {
        code: totp(enrolled.body.secret as string),
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      // A password alone no longer signs Ada in: the second step is asked for.
      await elsewhere.context().clearCookies();
      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/api/auth/two-factor`);

      await openUser(adaId);
      assert.match(
        await text(admin.getByTestId("admin-methods")),
        /Two-factor authentication\s?On\s?10 backup codes left/,
      );
      const section = admin.getByTestId("admin-two-factor");
      await section.getByRole("button", { name: "Remove two-factor" }).click();
      await section.getByRole("button", { name: "Remove two-factor" }).click();
      await section.getByRole("alert").filter({ hasText: "Enter a reason." }).waitFor();
      const reason = section.getByLabel("Reason");
      assert.ok(
        await reason.evaluate((input) => input === document.activeElement),
        "the field takes the focus",
      );
      await screenshots(admin, "two-factor-reason");
      await reason.fill("Lost phone; checked by a video call");
      await section.getByRole("button", { name: "Remove two-factor" }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `Two-factor authentication is removed: ${ADA} signs in without a code now.` })
        .waitFor();
      await admin.getByTestId("admin-two-factor").waitFor({ state: "detached" });
      assert.match(await text(admin.getByTestId("admin-methods")), /Two-factor authentication\s?Off/);

      await signInWithForm(elsewhere, web, { email: ADA, password: PASSWORD });
      await elsewhere.waitForURL(`${web.url}/protected`);
      assert.equal(await sessionEmail(elsewhere, web), ADA);
    }));

  it("gives a user the administrator role and takes it back; one's own role cannot be changed here", () =>
    steps(async () => {
      await admin.goto(`${web.url}/admin/users?q=carol`);
      await consoleSettled(admin, "[data-testid=user-row]");
      await admin.getByRole("link", { name: "Carol Jones" }).click();
      await consoleSettled(admin, "[data-testid=admin-profile]");
      const role = admin.getByTestId("admin-role");
      await role.getByLabel("Role").selectOption("admin");
      await role.getByLabel("Reason (optional)").fill("Covers for the support lead");
      await role.getByRole("button", { name: "Save role" }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `${CAROL} now has the role Administrator.` })
        .waitFor();
      // The reason is the audit entry's, shown in the user's recent activity; the field is empty again.
      await admin.getByText("Covers for the support lead").waitFor();
      assert.equal(await role.getByLabel("Reason (optional)").inputValue(), "");
      assert.match(await text(admin.getByTestId("admin-profile")), /Role\s?Administrator/);
      await role.getByLabel("Role").selectOption("");
      await role.getByRole("button", { name: "Save role" }).click();
      await admin
        .getByRole("status")
        .filter({ hasText: `${CAROL} has no role now.` })
        .waitFor();

      // On their own page an administrator finds no way to lock themselves out.
      await admin.goto(`${web.url}/admin/users?q=root`);
      await consoleSettled(admin, "[data-testid=user-row]");
      await admin.getByRole("link", { name: "Root Admin" }).click();
      await consoleSettled(admin, "[data-testid=admin-profile]");
      await admin.getByText("This is your own account.").waitFor();
      for (const id of ["admin-disable", "admin-role"]) assert.equal(await admin.getByTestId(id).count(), 0);
      assert.equal(await admin.getByRole("button", { name: "Delete user" }).count(), 0);
    }));

  it("deletes a user after the typed confirmation and 'Confirm it's you'", () =>
    steps(async () => {
      await admin.goto(`${web.url}/admin/users?q=bob`);
      await consoleSettled(admin, "[data-testid=user-row]");
      await admin.getByRole("link", { name: "Bob Unconfirmed" }).click();
      await consoleSettled(admin, "[data-testid=admin-profile]");

      // A sign-in minutes old is recent (10 minutes by default): the server's first answer is made the
      // one of an older sign-in, to open the dialog; the retried request is the real one.
      let refused = false;
      const answers: number[] = [];
      await admin.route("**/api/auth/admin-user-delete", async (route) => {
        if (refused) return route.continue();
        refused = true;
        await route.fulfill({
          status: 403,
          contentType: "application/json",
          body: JSON.stringify({ error: "ReauthenticationRequired", message: "Confirm it's you." }),
        });
      });
      admin.on("response", (response) => {
        if (response.url().endsWith("/api/auth/admin-user-delete")) answers.push(response.status());
      });

      const confirm = admin.getByLabel(`To confirm, type ${BOB}`);
      await confirm.fill("someone@example.test");
      await admin.getByRole("button", { name: "Delete user" }).click();
      await admin
        .getByRole("alert")
        .filter({ hasText: `Type ${BOB} exactly as shown.` })
        .waitFor();
      await screenshots(admin, "delete-error");
      await confirm.fill(BOB.toUpperCase());
      await admin.getByLabel("Reason (optional)").last().fill("Asked by mail");
      await admin.getByRole("button", { name: "Delete user" }).click();
      const dialog = admin.getByRole("dialog", { name: "Confirm it’s you" });
      await dialog.waitFor();
      await dialog.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await dialog.getByRole("button", { name: "Continue" }).click();
      await admin.getByRole("heading", { level: 2, name: "User deleted" }).waitFor();
      await admin.getByText(`${BOB} is deleted, with their sign-in methods and sessions.`).waitFor();
      assert.deepEqual(answers, [403, 200]);
      assert.ok(
        await admin
          .getByRole("heading", { level: 2, name: "User deleted" })
          .evaluate((h) => h === document.activeElement),
        "focus moves to the heading",
      );
      await admin.getByRole("link", { name: "Back to users" }).last().click();
      await admin.getByRole("status").filter({ hasText: "4 users shown." }).waitFor();
      await admin.unroute("**/api/auth/admin-user-delete");
    }));

  it("the audit log, filtered by kind, shows the administrator as the actor", () =>
    steps(async () => {
      await admin
        .getByRole("navigation", { name: "Administration" })
        .getByRole("link", { name: "Audit log" })
        .click();
      await consoleSettled(admin, "[data-testid=audit-entry]");
      // Everything so far is more than a page (25): "Load more" brings the next one with the cursor,
      // and the focus goes to the first entry it brought.
      const entries = admin.getByTestId("audit-entry");
      assert.equal(await entries.count(), 25);
      await admin.getByRole("button", { name: "Load more" }).click();
      await entries.nth(25).waitFor();
      assert.ok(
        await entries.nth(25).evaluate((entry) => entry === document.activeElement),
        "focus moves to the first entry the page brought",
      );
      await admin.getByLabel("Event").selectOption("user-disabled");
      await admin.getByRole("button", { name: "Apply" }).click();
      await admin.waitForURL(/\/admin\/audit\?kind=user-disabled$/);
      // The filtered page has replaced the unfiltered one (not an empty list in between: "every" of none).
      await admin.waitForFunction(() => {
        const shown = [...document.querySelectorAll("[data-testid=audit-entry]")];
        return shown.length > 0 && shown.every((entry) => entry.textContent?.startsWith("Account disabled"));
      });
      assert.equal(await entries.count(), 1);
      const entry = await text(entries.first());
      assert.match(entry, /^Account disabled/);
      assert.match(entry, /About ada@example\.test/);
      assert.match(entry, /By root@example\.test/);
      assert.match(entry, /Reason\s?Phishing report/);
      await accessible(admin, "audit log (en)");
      await screenshots(admin, "audit");

      // The other administrator actions are there too, each by root.
      await admin.getByLabel("Event").selectOption("");
      await admin.getByLabel("User id").fill(adaId);
      await admin.getByRole("button", { name: "Apply" }).click();
      await admin.waitForURL(/user=/);
      await consoleSettled(admin, "[data-testid=audit-entry]");
      const kinds = await entries.locator(".item-name").allTextContents();
      for (const kind of [
        "Account enabled",
        "Password reset link sent",
        "Two-factor turned off",
        "Session ended",
      ]) {
        assert.ok(kinds.includes(kind), `${kind} in ${kinds.join(", ")}`);
      }
      // A range that ends before it starts is said, not sent.
      await admin.getByLabel("From").fill("2030-01-02");
      await admin.getByLabel("To (inclusive)").fill("2030-01-01");
      await admin.getByRole("button", { name: "Apply" }).click();
      await admin
        .getByRole("alert")
        .filter({ hasText: "The end date must not be before the start date." })
        .waitFor();
    }));

  it("refuses a signed-in user who is no administrator, on the page and at the API; sends a visitor to sign in", () =>
    steps(async () => {
      const carol = await newPage();
      await signInWithForm(carol, web, { email: CAROL, password: PASSWORD, callbackUrl: "/account" });
      await carol.waitForURL(`${web.url}/account`);
      await carol.getByRole("navigation", { name: "Account" }).getByRole("link").first().waitFor();
      // Once GET account has answered, whose `admin` flag decides the link.
      await carol.waitForLoadState("networkidle");
      assert.equal(
        await carol.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Admin" }).count(),
        0,
        "no admin link for a user who is not an administrator",
      );
      assert.equal(
        await carol.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).count(),
        0,
        "nor in the site's header",
      );
      await carol.goto(`${web.url}/admin/users`);
      await carol.getByRole("heading", { level: 1, name: "Administrators only" }).waitFor();
      assert.equal(await carol.getByRole("navigation", { name: "Administration" }).count(), 0);
      const answer = await carol.evaluate(async () => {
        const response = await fetch("/api/auth/admin-users");
        return { status: response.status, body: (await response.json()) as { error?: string } };
      });
      assert.deepEqual(
        { status: answer.status, error: answer.body.error },
        { status: 403, error: "AdminRequired" },
      );
      await accessible(carol, "administrators only (en)");
      await screenshots(carol, "refused");

      const visitor = await newPage();
      await visitor.goto(`${web.url}/admin`);
      await visitor.waitForURL(/\/api\/auth\/signin\?/);
      assert.match(decodeURIComponent(visitor.url()), /callbackUrl=.*\/admin/);
    }));

  it("speaks German (Accept-Language: de), and axe finds nothing serious on any page", () =>
    steps(async () => {
      const page = await newPage({ locale: "de" });
      await signInWithForm(page, web, { email: ROOT, password: PASSWORD, callbackUrl: "/admin" });
      await page.waitForURL(`${web.url}/admin`);
      await consoleSettled(page, "[data-testid=admin-stats]");
      assert.equal(await text(page.getByRole("heading", { level: 1 })), "Verwaltung");
      assert.equal(await page.title(), "Übersicht · Gatehouse");
      await page
        .getByRole("navigation", { name: "Verwaltung" })
        .getByRole("link", { name: "Protokoll" })
        .waitFor();
      await page.getByText("Deaktivierte Nutzer").waitFor();
      await accessible(page, "overview (de)");
      await screenshots(page, "overview-de");

      await page
        .getByRole("navigation", { name: "Verwaltung" })
        .getByRole("link", { name: "Nutzer" })
        .click();
      await consoleSettled(page, "[data-testid=user-row]");
      await page.getByRole("status").filter({ hasText: "4 Nutzer angezeigt." }).waitFor();
      await page.getByLabel("Sortieren nach").waitFor();
      await accessible(page, "users (de)");

      await page.goto(`${web.url}/admin/users/${adaId}`);
      await consoleSettled(page, "[data-testid=admin-profile]");
      await page.getByRole("heading", { level: 3, name: "Aktionen" }).waitFor();
      await page.getByRole("button", { name: "Konto deaktivieren" }).waitFor();
      await page.getByText("Zu diesem Nutzer").or(page.getByTestId("audit-entry").first()).first().waitFor();
      await accessible(page, "user (de)");
      await screenshots(page, "user-de");

      await page.goto(`${web.url}/admin/audit?kind=user-disabled`);
      await consoleSettled(page, "[data-testid=audit-entry]");
      const entry = await text(page.getByTestId("audit-entry").first());
      assert.match(entry, /^Konto deaktiviert/);
      assert.match(entry, /Von root@example\.test/);
      assert.match(entry, /Grund\s?Phishing report/);
      await accessible(page, "audit log (de)");

      const carol = await newPage({ locale: "de" });
      await signInWithForm(carol, web, { email: CAROL, password: PASSWORD, callbackUrl: "/admin" });
      await carol.getByRole("heading", { level: 1, name: "Nur für Administratoren" }).waitFor();
      await accessible(carol, "administrators only (de)");
    }));

  it("on PostgreSQL: the demo account administers, and a disabled user's other browser is signed out", async (t) => {
    const postgres = await createPostgresTestSchema("gh_e2e_admin");
    if (!postgres.ok) return t.skip(`PostgreSQL unavailable: ${postgres.reason}`);
    const pg = await start({ DATABASE_URL: postgres.value.url });
    const demo = pg.demo;
    assert.ok(demo, "development mode has a demo account, an administrator");
    try {
      await steps(async () => {
        const operator = await newPage();
        const user = await newPage();
        await signUpWithForm(user, pg, {
          email: "pat@example.test",
          password: PASSWORD,
          name: "Pat Postgres",
        });
        await signInWithForm(user, pg, { email: "pat@example.test", password: PASSWORD });
        await user.waitForURL(`${pg.url}/protected`);

        await signInWithForm(operator, pg, {
          email: demo.email,
          password: demo.password,
          callbackUrl: "/admin/users?q=pat",
        });
        await consoleSettled(operator, "[data-testid=user-row]");
        await operator.getByRole("link", { name: "Pat Postgres" }).click();
        await consoleSettled(operator, "[data-testid=admin-profile]");
        await operator.getByTestId("admin-session").first().waitFor();
        await operator.getByRole("button", { name: "Disable account" }).click();
        await operator.getByRole("button", { name: "Disable account" }).click();
        await operator.getByRole("status").filter({ hasText: "pat@example.test is disabled" }).waitFor();
        assert.equal(await sessionEmail(user, pg), null, "signed out at once");
        await signInWithForm(user, pg, { email: "pat@example.test", password: PASSWORD });
        await user.waitForURL(/error=AccountDisabled/);
      });
    } finally {
      await pg.close();
      await postgres.value.drop();
    }
  });
});
