import assert from "node:assert/strict";
import { test } from "node:test";
import { qrSvg } from "@gatehouse/two-factor";
import { ENGLISH } from "../i18n/built-in-messages.ts";
import { BUILT_IN_LOCALES } from "../i18n/locales.ts";
import { context, render, renderIn, tags } from "./html-test-utils.ts";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";
import type { PageModel } from "./render-page.ts";
import { SHOW_PASSWORD_SCRIPT } from "./show-password-script.ts";

const models: PageModel[] = [
  {
    page: "signin",
    csrfToken: "csrf",
    callbackUrl: "http://localhost:3000/",
    error: "OAuthCallback",
    providers: [
      { id: "dev", name: "Dev", type: "oidc" },
      { id: "mail", name: "Email", type: "email" },
      {
        id: "password",
        name: "Password",
        type: "credentials",
        credentials: { username: {}, password: { type: "password", label: "Password" } },
      },
      { id: "account", name: "Email and password", type: "password" },
    ],
    notice: "email-verified",
  },
  { page: "signout", csrfToken: "csrf", callbackUrl: "/", error: "MissingCSRF" },
  { page: "verify-request" },
  { page: "verify-request", kind: "signup" },
  { page: "verify-request", kind: "reset-password" },
  { page: "error", code: "Configuration" },
  { page: "error", code: "AccessDenied" },
  { page: "error", code: "PasswordResetInvalid" },
  { page: "error", code: "RateLimited", retryAfterSeconds: 90 },
  {
    page: "signup",
    csrfToken: "csrf",
    callbackUrl: "/",
    error: "PasswordBreached",
    providerName: "Password",
  },
  { page: "forgot-password", csrfToken: "csrf", callbackUrl: "/", error: "EmailInvalid" },
  {
    page: "reset-password",
    csrfToken: "csrf",
    email: "ada@example.com",
    token: "t",
    user: "u",
    callbackUrl: "/",
    error: "PasswordTooShort",
  },
  {
    page: "confirm-verify-email",
    csrfToken: "csrf",
    email: "ada@example.com",
    token: "t",
    user: "u",
    createdAt: new Date(Date.UTC(2026, 3, 3, 9)),
    resetUrl: "http://localhost:3000/api/auth/forgot-password",
    callbackUrl: "/",
  },
  { page: "email-verified", signInUrl: "http://localhost:3000/api/auth/signin" },
  {
    page: "two-factor-setup",
    csrfToken: "csrf",
    callbackUrl: "/",
    secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    qrSvg: qrSvg("otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme"),
    error: "TwoFactorCodeInvalid",
  },
  {
    page: "two-factor-backup-codes",
    backupCodes: ["abcde-23456", "fghjk-78923"],
    continueUrl: "http://localhost:3000/",
  },
];

/** The pages that carry the passkey script. */
const scriptModels: PageModel[] = [
  {
    page: "signin",
    csrfToken: "csrf",
    callbackUrl: "http://localhost:3000/",
    error: "PasskeyInvalid",
    providers: [{ id: "account", name: "Email and password", type: "password" }],
    passkeys: { signUp: true },
  },
  { page: "passkey-signup", csrfToken: "csrf", callbackUrl: "/", error: "EmailInvalid" },
];

test("every page is a complete, accessible document", () => {
  for (const model of [...models, ...scriptModels]) {
    const { body } = render(model);
    assert.ok(body.startsWith('<!DOCTYPE html><html lang="en"'), model.page);
    assert.match(body, /<meta charSet="utf-8"\/>/i);
    assert.match(body, /<meta name="viewport" content="width=device-width, initial-scale=1"\/>/);
    assert.match(body, /<title>[^<]+<\/title>/);
    assert.equal(body.match(/<main[\s>]/g)?.length, 1, `${model.page}: one <main>`);
    assert.equal(body.match(/<h1>/g)?.length, 1, `${model.page}: one h1, no skipped levels`);
    // No inline handlers, no javascript: URLs; scripts only on the passkey pages (tested below).
    // The sign-up page has the show-password script (issue 23).
    const withoutScript = body
      .replace(`${PASSKEY_SCRIPT}</script>`, "</script>")
      .replace(`${SHOW_PASSWORD_SCRIPT}</script>`, "</script>");
    assert.doesNotMatch(withoutScript, /<h[2-6]|\son[a-z]+=|javascript:/i);
    assert.equal(/<script/.test(body), scriptModels.includes(model) || model.page === "signup", model.page);
    assert.match(body, /:focus-visible\{outline:3px solid/);
  }
});

test("every visible input has a <label for> pointing at its id", () => {
  let checked = 0;
  for (const model of [...models, ...scriptModels]) {
    const { body } = render(model);
    const labelled = new Set(tags(body, "label").map((label) => label.for));
    for (const input of tags(body, "input")) {
      if (input.type === "hidden") continue;
      assert.ok(input.id, `${model.page}: input ${input.name} has an id`);
      assert.ok(labelled.has(input.id), `${model.page}: input ${input.id} is labelled`);
      checked++;
    }
  }
  // sign-in: email, username, password, and the password form's email and password; sign-up: 3 and
  // the show-password checkbox;
  // forgot-password: 1; reset-password: 1; two-factor-setup: 1; sign-in with passkeys: 2;
  // passkey-signup: 2.
  assert.equal(checked, 16, "every visible input was checked");
});

test("aria-describedby and the error box: every id named exists, each error box is role=alert", () => {
  for (const model of [...models, ...scriptModels]) {
    const { body } = render(model);
    const ids = new Set([...body.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
    assert.equal(ids.size, body.match(/\sid="/g)?.length ?? 0, `${model.page}: ids are unique`);
    for (const input of tags(body, "input")) {
      for (const id of input["aria-describedby"]?.split(" ") ?? []) {
        assert.ok(ids.has(id), `${model.page}: ${input.name} is described by #${id}`);
      }
    }
    for (const box of tags(body, "div").filter((div) => div.class === "alert")) {
      assert.equal(box.role, "alert", model.page);
    }
  }
});

test("security headers on every page", () => {
  for (const model of [...models, ...scriptModels]) {
    const { headers } = render(model);
    assert.equal(headers["Content-Type"], "text/html; charset=utf-8");
    assert.equal(headers["Referrer-Policy"], "no-referrer");
    assert.equal(headers["X-Content-Type-Options"], "nosniff");
    assert.equal(headers["X-Frame-Options"], "DENY");
    assert.equal(headers["Cache-Control"], "no-store");
  }
});

test("CSP: no scripts, framing refused, styles only by a fresh nonce that matches the <style> tag", () => {
  const first = render(models[0]!);
  const csp = first.headers["Content-Security-Policy"] ?? "";
  const nonce = /style-src 'nonce-([\w-]+)'/.exec(csp)?.[1];
  assert.ok(nonce);
  assert.equal(
    csp,
    `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'`,
  );
  assert.doesNotMatch(csp, /script-src|unsafe-inline|form-action/);
  const styles = tags(first.body, "style");
  assert.equal(styles.length, 1);
  assert.equal(styles[0]?.nonce, nonce);
  // A style attribute would be blocked by this CSP, so the pages must not rely on any.
  assert.doesNotMatch(first.body, /\sstyle="/);

  const second = render(models[0]!);
  const secondNonce = /'nonce-([\w-]+)'/.exec(second.headers["Content-Security-Policy"] ?? "")?.[1];
  assert.notEqual(secondNonce, nonce);
  assert.equal(tags(second.body, "style")[0]?.nonce, secondNonce);
});

test("CSP of the pages without a script: no script-src and no connect-src on any of them", () => {
  for (const model of models.filter((m) => m.page !== "signup")) {
    const csp = render(model).headers["Content-Security-Policy"] ?? "";
    assert.match(csp, /^default-src 'none'; style-src 'nonce-[\w-]+'; img-src/, model.page);
    assert.doesNotMatch(csp, /script-src|connect-src/, model.page);
  }
});

test("CSP of the passkey pages: their one script by the response's nonce, fetches to the origin only", () => {
  for (const model of scriptModels) {
    const page = render(model);
    const csp = page.headers["Content-Security-Policy"] ?? "";
    const nonce = /script-src 'nonce-([\w-]+)'/.exec(csp)?.[1];
    assert.ok(nonce, model.page);
    assert.equal(
      csp,
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'`,
    );
    assert.deepEqual(tags(page.body, "script"), [{ nonce }], model.page);
    assert.equal(tags(page.body, "style")[0]?.nonce, nonce, model.page);
    assert.ok(page.body.endsWith(`<script nonce="${nonce}">${PASSKEY_SCRIPT}</script></body></html>`));
    assert.doesNotMatch(page.body, /\sstyle="/);
  }
});

test("color scheme: auto uses prefers-color-scheme, light/dark pin data-color-scheme on <html>", () => {
  const auto = render({ page: "verify-request" }).body;
  assert.equal(tags(auto, "html")[0]?.["data-color-scheme"], undefined);
  assert.match(auto, /@media \(prefers-color-scheme:dark\)/);
  for (const colorScheme of ["light", "dark"] as const) {
    const body = render({ page: "verify-request" }, { colorScheme }).body;
    assert.equal(tags(body, "html")[0]?.["data-color-scheme"], colorScheme);
  }
});

test("verify-request page: heading, text and a link to the origin showing its host", () => {
  const page = render({ page: "verify-request" });
  assert.equal(page.status, 200);
  assert.match(page.body, /<h1>Check your email<\/h1>/);
  assert.match(page.body, /A sign in link has been sent to your email address\./);
  assert.match(page.body, /<a href="http:\/\/localhost:3000">localhost:3000<\/a>/);
  assert.ok(!page.body.includes(`>${context.baseUrl}<`), "the base path is not shown");
});

test("every page in every language: <html lang>, its own title, no English sentence and no placeholder left", () => {
  // English sentences (four words or more; their longest run without a placeholder) must not
  // appear on a page in another language.
  const english = Object.values(ENGLISH)
    .filter((text) => text.split(" ").length >= 4)
    .map((text) => text.split(/\{[^}]*\}/).sort((a, b) => b.length - a.length)[0] ?? "")
    .filter((run) => run.length >= 12);
  for (const locale of BUILT_IN_LOCALES) {
    for (const model of [...models, ...scriptModels]) {
      const { body } = renderIn(locale, model);
      assert.ok(body.startsWith(`<!DOCTYPE html><html lang="${locale}"`), `${locale} ${model.page}`);
      const visible = body.replace(/<style[^>]*>.*?<\/style>|<script[^>]*>.*?<\/script>/gs, "");
      assert.doesNotMatch(visible, /\{[A-Za-z]+\}/, `${locale} ${model.page}: a placeholder left`);
      if (locale === "en") continue;
      const title = /<title>([^<]*)<\/title>/.exec(body)?.[1];
      assert.notEqual(
        title,
        /<title>([^<]*)<\/title>/.exec(render(model).body)?.[1],
        `${locale} ${model.page}`,
      );
      for (const sentence of english) {
        assert.ok(!visible.includes(sentence), `${locale} ${model.page}: "${sentence}"`);
      }
    }
  }
});

test("numbers and times on a page are the language's (Intl)", () => {
  const limited = { page: "error", code: "RateLimited", retryAfterSeconds: 90 } as const;
  assert.match(
    renderIn("de", limited).body,
    /<p>Zu viele Versuche\. Bitte warten Sie 2 Minuten und versuchen Sie es dann erneut\.<\/p>/,
  );
  assert.match(
    renderIn("ja", limited).body,
    /<p>試行回数が多すぎます。2 分後にもう一度お試しください。<\/p>/,
  );
  assert.match(
    renderIn("fr", { ...limited, retryAfterSeconds: 30 }).body,
    /Réessayez dans 30\u00a0secondes\./,
  );
  const codes = {
    page: "two-factor-backup-codes",
    backupCodes: Array(10).fill("x"),
    continueUrl: "/",
  } as const;
  assert.match(renderIn("ja", codes).body, /この 10 個のコード/);
  const reset = { page: "verify-request", kind: "reset-password", resetMaxAge: 2 * 86_400 } as const;
  assert.match(renderIn("es", reset).body, /Es válido durante 2 días\./);
  assert.match(renderIn("pt-BR", { ...reset, resetMaxAge: 1800 }).body, /Ele vale por 30 minutos\./);
});

test("a form error is tied to its field in any language: aria-invalid, aria-describedby, role=alert", () => {
  const page = renderIn("ja", {
    page: "signup",
    csrfToken: "c",
    callbackUrl: "/",
    error: "PasswordTooShort",
    providerName: "Password",
  }).body;
  assert.match(
    page,
    /<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">8 文字以上のパスワードを使用してください。<\/div>/,
  );
  const password = tags(page, "input").find((input) => input.name === "password");
  assert.equal(password?.["aria-invalid"], "true");
  assert.equal(password?.["aria-describedby"], "signup-password-hint form-error");
});
