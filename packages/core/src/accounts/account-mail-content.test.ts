import assert from "node:assert/strict";
import { test } from "node:test";
import { BUILT_IN_LOCALES } from "../i18n/locales.ts";
import { de } from "../languages/de.ts";
import { languages } from "../languages/index.ts";
import { shippedTranslator as builtInTranslator } from "../languages/shipped-test-utils.ts";
import { composePasswordMail } from "./account-mail.ts";
import { type AccountMailDraft, accountMailContent } from "./account-mail-content.ts";
import { signInMailContent } from "./sign-in-mail-content.ts";

const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);
const BASE = "https://app.example.test/api/auth";
const providers = new Map([
  ["password", { type: "password", name: "Email and password" }],
  ["github", { type: "oauth", name: "GitHub" }],
]);
const context = { now: NOW, brandColor: undefined, providers };

const newSignIn = (method: string): AccountMailDraft => ({
  kind: "new-sign-in",
  to: "ada@example.test",
  url: `${BASE}/forgot-password`,
  expires: null,
  detail: { at: new Date(NOW), ip: "203.0.113.9", userAgent: "Firefox 140", method },
});

const reset = (expiresInMs: number): AccountMailDraft => ({
  kind: "reset-password",
  to: "ada@example.test",
  url: `${BASE}/reset-password?token=r1&email=ada%40example.test`,
  expires: new Date(NOW + expiresInMs),
});

test("a new sign-in's time is written the language's way (Intl, in UTC), its method by name", () => {
  const expected = {
    en: ["When: Monday, January 5, 2026 at 9:00:00 AM UTC", "How: Email and password"],
    de: ["Wann: Montag, 5. Januar 2026 um 09:00:00 UTC", "Wie: E-Mail und Passwort"],
    fr: ["Quand\u00a0: lundi 5 janvier 2026 à 09:00:00 UTC", "Comment\u00a0: E-mail et mot de passe"],
    es: ["Cuándo: lunes, 5 de enero de 2026, 9:00:00 UTC", "Cómo: Correo y contraseña"],
    ja: ["日時：2026年1月5日月曜日 9:00:00 UTC", "方法：メールアドレスとパスワード"],
    "pt-BR": ["Quando: segunda-feira, 5 de janeiro de 2026 às 09:00:00 UTC", "Como: E-mail e senha"],
  } as const;
  for (const locale of BUILT_IN_LOCALES) {
    const mail = accountMailContent(builtInTranslator(locale), newSignIn("password"), context);
    assert.equal(mail.locale, locale);
    for (const line of expected[locale])
      assert.ok(mail.text.includes(line), `${locale}: ${line}\n${mail.text}`);
  }
  const github = accountMailContent(builtInTranslator("de"), newSignIn("github"), context);
  assert.match(github.text, /Wie: GitHub/, "an app's own provider name as it is");
  const passkey = accountMailContent(builtInTranslator("fr"), newSignIn("passkey"), context);
  assert.match(passkey.text, /Comment\u00a0: Clé d'accès/);
});

test("the expiry in minutes, hours or days, the language's words and plurals (Intl)", () => {
  const cases = [
    ["en", 45 * 60_000, "The link expires in 45 minutes."],
    ["en", 3600_000, "The link expires in 1 hour."],
    ["de", 3600_000, "Der Link ist 1 Stunde lang gültig."],
    ["de", 3 * 86_400_000, "Der Link ist 3 Tage lang gültig."],
    ["fr", 24 * 3600_000, "Le lien expire dans 24\u00a0heures."],
    ["es", 60_000, "El enlace caduca en 1 minuto."],
    ["ja", 24 * 3600_000, "リンクの有効期間は 24 時間です。"],
    ["pt-BR", 2 * 86_400_000, "O link expira em 2 dias."],
  ] as const;
  for (const [locale, ms, line] of cases) {
    const mail = accountMailContent(builtInTranslator(locale), reset(ms), context);
    assert.ok(mail.text.includes(line), `${locale} ${ms}: ${mail.text}`);
  }
});

test("every kind, in every language: a subject naming the host, the link on its own line, the heading in the HTML", () => {
  const kinds: AccountMailDraft["kind"][] = [
    "verify-email",
    "reset-password",
    "account-exists",
    "password-changed",
    "confirm-new-email",
    "email-change-requested",
    "new-sign-in",
  ];
  for (const locale of BUILT_IN_LOCALES) {
    for (const kind of kinds) {
      const draft = {
        ...reset(3600_000),
        kind,
        ...(kind === "new-sign-in" ? { detail: newSignIn("x").detail } : {}),
      };
      const mail = accountMailContent(builtInTranslator(locale), draft, context);
      assert.ok(mail.subject.includes("app.example.test"), `${locale} ${kind}`);
      assert.ok(
        mail.text.split("\n").includes(draft.url),
        `${locale} ${kind}: the link on a line of its own`,
      );
      assert.match(mail.html, new RegExp(`^<!DOCTYPE html><html lang="${locale}">`));
      assert.match(mail.html, /<strong>app&#8203;\.example&#8203;\.test<\/strong>/);
      assert.doesNotMatch(mail.text, /\{[a-z]+\}/i, `${locale} ${kind}: no placeholder left`);
      assert.ok(!mail.text.includes("ada@example.test"), "the recipient's address is never in the mail");
    }
  }
});

test("the HTML escapes the URL, and a brand colour that is not a hex colour falls back", () => {
  const url = `${BASE}/cb?next="><script>alert(1)</script>&x='`;
  const mail = signInMailContent(builtInTranslator("en"), {
    url,
    expires: new Date(NOW + 86_400_000),
    now: NOW,
    brandColor: "red;background:url(https://evil.test/x)",
  });
  assert.doesNotMatch(mail.html, /<script/i);
  assert.ok(
    mail.html.includes(
      `href="${BASE}/cb?next=&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#38;x=&#39;"`,
    ),
  );
  assert.ok(!mail.html.includes("evil.test"));
  assert.match(mail.html, /background:#346df1;/);
  assert.equal(mail.subject, "Sign in to app.example.test");
  assert.match(mail.text, /^Sign in to app\.example\.test\n/);
  assert.match(mail.text, /The link expires in 24 hours\./);
  const branded = signInMailContent(builtInTranslator("es"), {
    url: BASE,
    expires: new Date(NOW + 600_000),
    now: NOW,
    brandColor: "#0a7F3c",
  });
  assert.match(branded.html, /background:#0a7F3c;/);
  assert.equal(branded.subject, "Inicia sesión en app.example.test");
});

test("composePasswordMail: a mail written outside a request, in a built-in language (English unless asked)", () => {
  const english = composePasswordMail(reset(3600_000), { now: NOW });
  assert.equal(english.locale, "en");
  assert.equal(english.subject, "Reset your password for app.example.test");
  assert.deepEqual(english.theme, {});
  const portuguese = composePasswordMail(reset(3600_000), {
    now: NOW,
    locale: "pt",
    modules: [...languages],
  });
  assert.equal(portuguese.locale, "pt-BR");
  assert.equal(portuguese.subject, "Redefina sua senha em app.example.test");
  assert.equal(
    composePasswordMail(reset(3600_000), { locale: "klingon", modules: [...languages] }).locale,
    "en",
  );
});

test("composePasswordMail without the language's module: English (core carries no other language)", () => {
  const asked = composePasswordMail(reset(3600_000), { now: NOW, locale: "pt" });
  assert.equal(asked.locale, "en");
  assert.equal(asked.subject, "Reset your password for app.example.test");
  // One module is enough for its language, and only for it.
  const german = composePasswordMail(reset(3600_000), { now: NOW, locale: "de", modules: [de] });
  assert.equal(german.locale, "de");
  assert.notEqual(german.subject, asked.subject);
  assert.equal(composePasswordMail(reset(3600_000), { locale: "ja", modules: [de] }).locale, "en");
});
