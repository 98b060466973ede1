// The account console in other languages (apps/web, development mode) in a real Chromium: a browser
// that prefers German or Japanese gets the console in its language — from its very first words, each
// language being a chunk of its own fetched before the first render — with navigation, titles, dates
// by Intl and `<html lang>`; the language picker switches once the language is fetched, keeps the
// page as it is (and says so) when it cannot be, and remembers the choice in the `gatehouse-lang`
// cookie (which core's own pages read), above the browser's preference. A language the server forces
// (`i18n.locale`) is spoken whatever the browser asks for, with no picker.
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import type { WebApp } from "../apps/web/src/server/start.ts";
import { SHOTS } from "./sign-in-steps.ts";
import { type E2eApp, startE2eApp } from "./web-app.ts";

const DESKTOP = { width: 1100, height: 800 };

/**
 * Signs the context in with the demo account through the API, as the sign-in page's form posts it:
 * the built-in page speaks the browser's language too, and its words are not what this test is about.
 */
async function signIn(context: BrowserContext, web: WebApp): Promise<void> {
  const demo = web.demo;
  assert.ok(demo, "development mode has a demo account");
  const csrf = await context.request.get(`${web.url}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await context.request.post(`${web.url}/api/auth/callback/password`, {
    form: { csrfToken, email: demo.email, password: demo.password, callbackUrl: `${web.url}/account` },
    headers: { origin: web.url },
    maxRedirects: 0,
  });
  assert.equal(callback.status(), 302, await callback.text());
  const session = (await (await context.request.get(`${web.url}/api/auth/session`)).json()) as {
    user?: { email?: string };
  };
  assert.equal(session.user?.email, demo.email);
}

/** The text of the first `<time>` in the session list's "Signed in" facts: a date as Intl writes it. */
async function sessionDate(page: Page): Promise<string> {
  const time = page.getByTestId("session").first().locator("dd time").first();
  return (await time.textContent()) ?? "";
}

/**
 * A signed-in page of `app` in a fresh context with the browser language `locale`; a screenshot when a
 * step fails.
 */
async function withPage(
  app: E2eApp,
  locale: string,
  steps: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const context = await app.browser.newContext({ viewport: DESKTOP, locale });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  try {
    await signIn(context, app.web);
    await steps(page, context);
  } catch (error) {
    await page
      .screenshot({ path: `${SHOTS}/languages-failure-${locale}.png`, fullPage: true })
      .catch(() => {});
    console.error(`server log:\n${app.serverLog.join("\n")}`);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * Keeps the first words the page's `#root` shows, as React first renders it: `firstWords(page)` reads
 * them. Installed before the page's own scripts run.
 */
async function recordFirstWords(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const words = document.getElementById("root")?.textContent?.trim();
      if (!words) return;
      document.documentElement.dataset.firstWords = words;
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const firstWords = (page: Page) => page.locator("html").getAttribute("data-first-words");

/** The app's language chunk of `language`: `assets/fr-<hash>.js` (i18n/bundles/fr.ts). */
const languageChunk = (language: string) => new RegExp(`/assets/${language}-[\\w-]+\\.js$`);

describe("the account console in German and Japanese, and the language picker (Chromium)", () => {
  let app: E2eApp;
  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    app = await startE2eApp();
  });
  after(() => app?.close());

  it("speaks German to a browser that prefers it, from its first words: navigation, title, a date by Intl, html lang", async () => {
    await withPage(app, "de-DE", async (page) => {
      await recordFirstWords(page);
      const chunks: string[] = [];
      page.on("request", (request) => {
        if (/\/assets\/(en|de|fr|es|ja|pt-BR)-[\w-]+\.js$/.test(request.url())) chunks.push(request.url());
      });
      await page.goto(`${app.web.url}/account`);
      await page.getByRole("heading", { level: 1, name: "Ihr Konto" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "de");
      // The first render is German already: no English first, no message keys.
      const first = (await firstWords(page)) ?? "";
      assert.match(first, /Zum Inhalt springen/);
      assert.doesNotMatch(first, /Skip to content|Home|Sign out|site\.|nav\./);
      assert.equal(chunks.length, 1, `one language fetched: ${chunks.join(", ")}`);
      assert.match(chunks[0] ?? "", languageChunk("de"));
      const nav = page.getByRole("navigation", { name: "Konto" });
      await nav.getByRole("link", { name: "Anmeldung und Sicherheit" }).waitFor();
      await page
        .getByRole("region", { name: "Passkeys" })
        .getByText("Sie haben noch keine Passkeys.")
        .waitFor();
      await page.screenshot({ path: `${SHOTS}/languages-de-security.png`, fullPage: true });

      await nav.getByRole("link", { name: "Sitzungen und Geräte" }).click();
      await page.getByRole("heading", { level: 2, name: "Sitzungen und Geräte" }).waitFor();
      assert.equal(await page.title(), "Sitzungen und Geräte · Gatehouse");
      const session = page.getByTestId("session").first();
      await session.getByText("Dieses Gerät").waitFor();
      assert.match((await session.textContent()) ?? "", /Chrome \d+ unter Linux.*Computer.*Passwort/);
      // German's medium date and time: "05.01.2026, 10:00".
      assert.match(await sessionDate(page), /^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
      assert.match((await session.textContent()) ?? "", /Zuletzt aktiv\s*jetzt|vor \d+ (Sekunden|Minuten?)/);
      await page.screenshot({ path: `${SHOTS}/languages-de-sessions.png`, fullPage: true });

      await nav.getByRole("link", { name: "Sicherheitsaktivität" }).click();
      const entry = page.getByTestId("activity-entry").first();
      await entry.waitFor();
      assert.match((await entry.textContent()) ?? "", /^Sie haben sich mit Ihrem Passwort angemeldet\./);
      await page.screenshot({ path: `${SHOTS}/languages-de-activity.png`, fullPage: true });
    });
  });

  it("speaks Japanese to a browser that prefers it, with Japanese dates", async () => {
    await withPage(app, "ja-JP", async (page) => {
      await page.goto(`${app.web.url}/account/sessions`);
      await page.getByRole("heading", { level: 2, name: "セッションとデバイス" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "ja");
      assert.equal(await page.title(), "セッションとデバイス · Gatehouse");
      const nav = page.getByRole("navigation", { name: "アカウント" });
      await nav.getByRole("link", { name: "サインインとセキュリティ" }).waitFor();
      await page.getByTestId("session").first().getByText("このデバイス").waitFor();
      // Japanese's medium date and time: "2026/01/05 10:00".
      assert.match(await sessionDate(page), /^\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}$/);
      await page.screenshot({ path: `${SHOTS}/languages-ja-sessions.png`, fullPage: true });

      await nav.getByRole("link", { name: "サインインとセキュリティ" }).click();
      await page.getByRole("region", { name: "パスキー" }).getByText("パスキーはまだありません。").waitFor();
      await page.getByRole("region", { name: "2 要素認証" }).getByText("2 要素認証はオフです。").waitFor();
      await page.screenshot({ path: `${SHOTS}/languages-ja-security.png`, fullPage: true });
    });
  });

  it("switches language at once with the picker, sets the cookie, and keeps to it over the browser's", async () => {
    await withPage(app, "en-US", async (page, context) => {
      await page.goto(`${app.web.url}/account?lang=es`);
      await page.getByRole("heading", { level: 1, name: "Tu cuenta" }).waitFor();
      const picker = page.getByLabel("Idioma");
      assert.equal(await picker.inputValue(), "es");
      assert.deepEqual(await picker.locator("option").allTextContents(), [
        "English",
        "Deutsch",
        "Français",
        "Español",
        "日本語",
        "Português (Brasil)",
      ]);

      await picker.selectOption({ label: "日本語" });
      await page.getByRole("heading", { level: 1, name: "アカウント" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "ja");
      assert.equal(await page.title(), "サインインとセキュリティ · Gatehouse");
      assert.equal(
        new URL(page.url()).searchParams.get("lang"),
        null,
        "?lang= no longer outranks the choice",
      );
      const cookie = (await context.cookies(app.web.url)).find((entry) => entry.name === "gatehouse-lang");
      assert.equal(cookie?.value, "ja");
      assert.equal(cookie?.path, "/");
      assert.equal(cookie?.sameSite, "Lax");
      assert.ok((cookie?.expires ?? 0) * 1000 > Date.now() + 360 * 24 * 3600 * 1000, "kept for a year");
      await page.getByLabel("言語").waitFor();
      await page.screenshot({ path: `${SHOTS}/languages-picker-ja.png`, fullPage: true });

      // A new page load follows the cookie, over the browser's English.
      await page.goto(`${app.web.url}/`);
      await page.getByRole("heading", { level: 1, name: "Gatehouse へようこそ" }).waitFor();
      await page.getByLabel("言語").selectOption("en");
      await page.getByRole("heading", { level: 1, name: "Welcome to Gatehouse" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "en");
    });
  });

  it("keeps the page as it is when a language cannot be fetched, says so, and switches once it can be", async () => {
    await withPage(app, "en-US", async (page, context) => {
      const offline = languageChunk("fr");
      await page.route(offline, (route) => route.abort("internetdisconnected"));
      await page.goto(`${app.web.url}/account`);
      await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      const picker = page.getByLabel("Language");
      await picker.selectOption("fr");

      const alert = page.getByRole("alert");
      await alert.waitFor();
      assert.equal(
        await alert.textContent(),
        "Français could not be loaded, so the page has not changed. Check your connection, then reload the page and try again.",
      );
      assert.equal(await alert.locator("span").getAttribute("lang"), "fr", "the name in its own voice");
      assert.equal(await picker.getAttribute("aria-describedby"), await alert.getAttribute("id"));
      assert.equal(await picker.inputValue(), "en", "the picker shows the language still spoken");
      assert.equal(await page.locator("html").getAttribute("lang"), "en");
      await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      const cookies = await context.cookies(app.web.url);
      assert.equal(
        cookies.find((entry) => entry.name === "gatehouse-lang"),
        undefined,
        "nothing remembered",
      );
      await page.screenshot({ path: `${SHOTS}/languages-picker-failed.png`, fullPage: true });

      // Back online. Chromium keeps a module that failed to load failed for the page's life (the
      // module map), hence "reload the page": then the same choice goes through.
      await page.unroute(offline);
      await page.reload();
      await page.getByRole("heading", { level: 1, name: "Your account" }).waitFor();
      await picker.selectOption("fr");
      await page.getByRole("heading", { level: 1, name: "Votre compte" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "fr");
      assert.equal(await page.getByRole("alert").count(), 0);
    });
  });
});

describe("a language the server forces (i18n.locale in the config file): German, and no picker (Chromium)", () => {
  let app: E2eApp;
  let dir: string;
  before(async () => {
    await mkdir(SHOTS, { recursive: true });
    dir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-forced-"));
    const configFile = join(dir, "gatehouse.config.mjs");
    await writeFile(configFile, 'export default { i18n: { locale: "de" } };');
    app = await startE2eApp({ configFile });
  });
  after(async () => {
    await app?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("speaks German to an English browser that picked French before, with no picker, as core's pages do", async () => {
    await withPage(app, "en-US", async (page, context) => {
      await context.addCookies([{ name: "gatehouse-lang", value: "fr", url: app.web.url }]);
      await recordFirstWords(page);
      await page.goto(`${app.web.url}/account?lang=ja`);
      await page.getByRole("heading", { level: 1, name: "Ihr Konto" }).waitFor();
      assert.equal(await page.locator("html").getAttribute("lang"), "de");
      assert.equal(
        await page.locator('meta[name="gatehouse-locale"]').getAttribute("content"),
        "de",
        "the server's word",
      );
      assert.match((await firstWords(page)) ?? "", /Zum Inhalt springen/);
      await page.getByRole("navigation", { name: "Konto" }).getByRole("link", { name: "Profil" }).waitFor();
      assert.equal(await page.locator(".language-picker").count(), 0, "no picker: the server decides");
      assert.equal(await page.getByRole("combobox").count(), 0);
      await page.screenshot({ path: `${SHOTS}/languages-forced-de.png`, fullPage: true });

      await page.goto(`${app.web.url}/api/auth/signout`);
      assert.equal(
        await page.locator("html").getAttribute("lang"),
        "de",
        "core's page follows the same option",
      );
    });
  });
});
