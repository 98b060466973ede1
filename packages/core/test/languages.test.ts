/**
 * The built-in pages and the mails in the request's language (docs/languages.md): chosen by
 * Accept-Language, `?lang=`, the `gatehouse-lang` cookie, a forced `i18n.locale` or `detectLocale`;
 * `<html lang>` says which; an app's message replaces the built-in one; a mail is written in the
 * language of the request that caused it, its numbers and times the language's way.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import type { I18nOptions } from "../src/config/options.ts";
import {
  ConfigError,
  Email,
  type GatehouseModule,
  gatehouse,
  LOCALE_COOKIE,
  Password,
  type PasswordMail,
  type VerificationRequest,
} from "../src/index.ts";
import { de } from "../src/languages/de.ts";
import { languages } from "../src/languages/index.ts";
import { APP, SECRET, TestBrowser } from "./support/flows.ts";
import { seedPasswordUser } from "./support/seed.ts";

const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);

/** An app with the given `i18n`; every language module unless `modules` says otherwise. */
function app(i18n?: I18nOptions, modules: readonly GatehouseModule[] = languages) {
  const adapter = createMemoryAdapter();
  const mails: PasswordMail[] = [];
  const links: VerificationRequest[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      Email({ sendVerificationRequest: async (request) => void links.push(request) }),
      Password({ sendMail: async (mail) => void mails.push(mail) }),
    ],
    now: () => NOW,
    rateLimit: false,
    modules,
    ...(i18n ? { i18n } : {}),
  });
  const browser = () => new TestBrowser((request) => auth.handler(request));
  return { adapter, mails, links, browser };
}

/** The page's language and its heading. */
async function shown(
  response: Response,
): Promise<{ lang: string | undefined; h1: string | undefined; html: string }> {
  const html = await response.text();
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    h1: /<h1>([^<]*)<\/h1>/.exec(html)?.[1],
    html,
  };
}

async function until<T>(found: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = found();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("nothing arrived");
}

describe("the languages an app offers: English, and those of the language modules it lists", () => {
  test('no language module: Accept-Language: de gets the English page, <html lang="en">', async () => {
    const german = { headers: { "accept-language": "de-DE, de;q=0.9" } };
    const page = await shown(await app(undefined, []).browser().request("/api/auth/signin", german));
    assert.equal(page.lang, "en");
    assert.equal(page.h1, "Sign in");
    // Nor does ?lang= or the cookie reach a language core does not carry.
    const asked = await shown(
      await app(undefined, [])
        .browser()
        .request("/api/auth/signin?lang=ja", { headers: { cookie: `${LOCALE_COOKIE}=fr` } }),
    );
    assert.equal(asked.lang, "en");
  });

  test("modules: [de]: German works, and only German is added", async () => {
    const german = { headers: { "accept-language": "de-DE, de;q=0.9" } };
    const page = await shown(await app(undefined, [de]).browser().request("/api/auth/signin", german));
    assert.equal(page.lang, "de");
    assert.equal(page.h1, "Anmelden");
    const japanese = await shown(await app(undefined, [de]).browser().request("/api/auth/signin?lang=ja"));
    assert.equal(japanese.lang, "en");
  });

  test("a language named in i18n without its module is a start-up error that says what to add", () => {
    assert.throws(
      () => app({ locales: ["en", "de"] }, []),
      (error: unknown) =>
        error instanceof ConfigError &&
        error.message ===
          'Gatehouse: i18n.locales includes "de": add the German language module (modules: [de] from "@gatehouse/core/languages/de").',
    );
    assert.throws(() => app({ defaultLocale: "de" }, []), /add the German language module/);
  });
});

describe("the language of a page", () => {
  test("Accept-Language: the sign-in page in German, every text and the buttons of the built-in providers", async () => {
    const page = await shown(
      await app()
        .browser()
        .request("/api/auth/signin", { headers: { "accept-language": "de-DE,de;q=0.9,en;q=0.5" } }),
    );
    assert.equal(page.lang, "de");
    assert.equal(page.h1, "Anmelden");
    assert.match(page.html, /<title>Anmelden<\/title>/);
    assert.match(page.html, /<span>Mit E-Mail anmelden<\/span>/);
    assert.match(page.html, /<span>Mit E-Mail und Passwort anmelden<\/span>/);
    assert.match(page.html, />Passwort vergessen\?<\/a>/);
    assert.match(page.html, /<label for="input-password-for-password-provider">Passwort<\/label>/);
    assert.doesNotMatch(page.html, /Sign in|Forgot password/);
  });

  test("Accept-Language: the sign-in page in Japanese", async () => {
    const page = await shown(
      await app()
        .browser()
        .request("/api/auth/signin", { headers: { "accept-language": "ja" } }),
    );
    assert.equal(page.lang, "ja");
    assert.equal(page.h1, "サインイン");
    assert.match(page.html, /<span>メールアドレスとパスワードでサインイン<\/span>/);
  });

  test("?lang= decides for that request, over the cookie and the header", async () => {
    const page = await shown(
      await app()
        .browser()
        .request("/api/auth/signup?lang=ja", {
          headers: { "accept-language": "de", cookie: `${LOCALE_COOKIE}=fr` },
        }),
    );
    assert.equal(page.lang, "ja");
    assert.equal(page.h1, "アカウントを作成");
    assert.match(page.html, /8 文字以上/, "the password hint's number");
  });

  test("the gatehouse-lang cookie (a language picker's) decides over the header", async () => {
    const page = await shown(
      await app()
        .browser()
        .request("/api/auth/forgot-password", {
          headers: { "accept-language": "ja", cookie: `${LOCALE_COOKIE}=de` },
        }),
    );
    assert.equal(page.lang, "de");
    assert.equal(page.h1, "Passwort zurücksetzen");
  });

  test("a forced i18n.locale wins over everything the request says", async () => {
    const page = await shown(
      await app({ locale: "de" })
        .browser()
        .request("/api/auth/signin?lang=ja", {
          headers: { "accept-language": "ja", cookie: `${LOCALE_COOKIE}=ja` },
        }),
    );
    assert.equal(page.lang, "de");
    assert.equal(page.h1, "Anmelden");
  });

  test("detectLocale decides per request (the user's profile, say); junk from it falls through", async () => {
    const detect = (request: Request) =>
      new URL(request.url).pathname.endsWith("/signin") ? "ja" : "klingon";
    const browser = app({ detectLocale: detect }).browser();
    const signIn = await shown(
      await browser.request("/api/auth/signin", { headers: { "accept-language": "de" } }),
    );
    assert.equal(signIn.lang, "ja");
    const signUp = await shown(
      await browser.request("/api/auth/signup", { headers: { "accept-language": "de" } }),
    );
    assert.equal(signUp.lang, "de");
  });

  test("no usable choice: the default language (en unless configured)", async () => {
    const english = await shown(
      await app()
        .browser()
        .request("/api/auth/signin", { headers: { "accept-language": "zh" } }),
    );
    assert.equal(english.lang, "en");
    assert.equal(english.h1, "Sign in");
    const japanese = await shown(await app({ defaultLocale: "ja" }).browser().request("/api/auth/signin"));
    assert.equal(japanese.lang, "ja");
  });

  test("the error page and its code in the request's language", async () => {
    const page = await shown(
      await app()
        .browser()
        .request("/api/auth/error?error=AccessDenied", { headers: { "accept-language": "ja" } }),
    );
    assert.equal(page.lang, "ja");
    assert.equal(page.h1, "アクセスが拒否されました");
    assert.match(page.html, /<p>サインインする権限がありません。<\/p>/);
    assert.match(page.html, /<a class="button" href="[^"]+\/signin">サインイン<\/a>/);
  });

  test("a sign-in error shown inline is in the page's language", async () => {
    const page = await shown(
      await app().browser().request("/api/auth/signin?error=CredentialsSignin&lang=pt-BR"),
    );
    assert.equal(page.lang, "pt-BR");
    assert.match(
      page.html,
      /role="alert" id="form-error" tabindex="-1" autofocus="">Não foi possível entrar\. Verifique se os dados informados estão corretos\.<\/div>/,
    );
  });

  test("an app's message replaces the built-in one, in that language only", async () => {
    const { browser } = app({ messages: { de: { "signin.title": "Bei Acme anmelden" } } });
    const german = await shown(
      await browser().request("/api/auth/signin", { headers: { "accept-language": "de" } }),
    );
    assert.equal(german.h1, "Bei Acme anmelden");
    assert.match(german.html, />Passwort vergessen\?<\/a>/, "the other messages stay");
    const english = await shown(await browser().request("/api/auth/signin"));
    assert.equal(english.h1, "Sign in");
  });

  test("JSON answers are not pages: GET session answers the same in any language", async () => {
    const { browser } = app();
    const german = await browser().request("/api/auth/session", { headers: { "accept-language": "de" } });
    const english = await browser().request("/api/auth/session");
    assert.equal(german.headers.get("content-type"), "application/json");
    assert.equal(await german.text(), await english.text());
  });
});

describe("the language of a mail", () => {
  test("a reset mail is written in the language of the request that asked for it (de)", async () => {
    const { adapter, mails, browser } = app();
    await seedPasswordUser(adapter, "ada@example.test", { now: NOW });
    const person = browser();
    const csrfToken = await person.csrf();
    const answer = await person.request("/api/auth/forgot-password", {
      form: { csrfToken, email: "ada@example.test" },
      headers: { "accept-language": "de" },
    });
    assert.equal(answer.status, 302);
    const mail = await until(() => mails[0]);
    assert.equal(mail.kind, "reset-password");
    assert.equal(mail.locale, "de");
    assert.equal(mail.subject, "Setzen Sie Ihr Passwort für localhost:3000 zurück");
    assert.match(mail.text, /^Setzen Sie Ihr Passwort für localhost:3000 zurück\n/);
    assert.match(mail.text, /Der Link ist 1 Stunde lang gültig\./);
    assert.ok(mail.text.includes(mail.url), "the link, on a line of its own");
    assert.match(mail.html, /^<!DOCTYPE html><html lang="de">/);
    assert.match(mail.html, />Neues Passwort wählen<\/a>/);
    assert.match(mail.html, /<strong>localhost:3000<\/strong>/);
    // The page after it, in the same language, says how long the link works.
    const next = await shown(
      await person.request(answer.headers.get("location") ?? "", { headers: { "accept-language": "de" } }),
    );
    assert.match(next.html, /Er ist 1 Stunde lang gültig\./);
  });

  test("the sign-in link's mail is written in the request's language (ja), with its expiry", async () => {
    const { links, browser } = app();
    const person = browser();
    const csrfToken = await person.csrf();
    await person.request("/api/auth/signin/email", {
      form: { csrfToken, email: "grace@example.test" },
      headers: { "accept-language": "ja" },
    });
    const link = await until(() => links[0]);
    assert.equal(link.locale, "ja");
    assert.equal(link.subject, "localhost:3000 へのサインイン");
    assert.match(link.text, /リンクの有効期間は 24 時間です。/);
    assert.match(link.html, /<html lang="ja">/);
    assert.ok(!link.text.includes("grace@example.test"), "the mail never carries the address typed");
  });

  test("an app's message for a mail replaces the built-in one", async () => {
    const { links, browser } = app({
      messages: { en: { "mail.signIn.subject": "Your Acme sign-in link for {host}" } },
    });
    const person = browser();
    const csrfToken = await person.csrf();
    await person.request("/api/auth/signin/email", { form: { csrfToken, email: "grace@example.test" } });
    const link = await until(() => links[0]);
    assert.equal(link.subject, "Your Acme sign-in link for localhost:3000");
  });
});
