/*
 * The pages used to be rendered by React's `renderToStaticMarkup`; they are now rendered by
 * render-markup.ts, which must write the same bytes. This test is the only reason `react` and
 * `react-dom` are still devDependencies of core.
 *
 * Each page is built once with `h()`; the tree is handed to React as React elements (`toReact`, one
 * to one) and the real pipeline's body (`renderPage`, `renderFormPostRelayPage`) must equal React's
 * output for it. Components are called by `h()` itself, so React sees host elements and fragments
 * only; h.test.ts pins that components get `children` as React would pass them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { qrSvg } from "@gatehouse/two-factor";
import { createElement, Fragment as ReactFragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Theme } from "../../config/options.ts";
import { type ErrorCode, errorCatalogue } from "../../errors/catalogue.ts";
import { ENGLISH } from "../../i18n/built-in-messages.ts";
import { createTranslator, type Translator } from "../../i18n/translator.ts";
import { shippedTranslator } from "../../languages/shipped-test-utils.ts";
import { Document } from "../document.ts";
import { formPostRelayView, renderFormPostRelayPage } from "../form-post-relay-page.ts";
import type { PageContext, PageModel, PageProvider, PageView, RenderedPage } from "../page-model.ts";
import { renderPage, view } from "../render-page.ts";
import { Fragment, h, MarkupElement, type MarkupNode } from "./h.ts";
import { renderMarkup } from "./render-markup.ts";

/**
 * The same tree as React elements. Children go in as `h()` got them: React treats a lone child and a
 * one-element array differently in <title>, <style> and <script>.
 */
function toReact(node: MarkupNode, key?: number): ReactNode {
  if (node instanceof MarkupElement) {
    const children = node.children.map((child) => toReact(child));
    return node.type === Fragment
      ? createElement(ReactFragment, { key }, ...children)
      : createElement(node.type, { ...node.props, key }, ...children);
  }
  if (typeof node === "string" || node === null || node === undefined || node === false) return node;
  // Index keys only keep React from warning; keys never reach the markup.
  return node.map((child, index) => toReact(child, index));
}

function react(node: MarkupNode): string {
  return renderToStaticMarkup(toReact(node));
}

/** The document tree `renderHtmlDocument` renders, rebuilt with the nonce the page's CSP names. */
function documentTree(page: RenderedPage, shown: PageView, theme: Theme, i18n: Translator): MarkupNode {
  const nonce = /'nonce-([^']+)'/.exec(page.headers["Content-Security-Policy"] ?? "")?.[1];
  assert.ok(nonce);
  const dir = i18n.direction === "rtl" ? ("rtl" as const) : undefined;
  return h(
    Document,
    { title: shown.title, lang: i18n.locale, dir, theme, nonce, css: shown.css ?? "", script: shown.script },
    shown.content,
  );
}

const english = shippedTranslator("en");
/** A language written right to left (an app's own): `<html dir="rtl">`. */
const arabic = createTranslator("ar", ENGLISH);

const hostile = `"><script>alert(1)</script></style><style>'&`;
const unicode = "é ß 😀 \u2028 \u0000 \u202e";
const strings = [hostile, unicode, "javascript:alert(1)", ` \tJaVa\nScRiPt:alert(1)`, ""];

const themes: Theme[] = [
  {},
  {
    colorScheme: "dark",
    brandColor: "#ff0000",
    buttonText: "white",
    logo: "https://cdn.test/logo.png?a=1&b=<>",
  },
  { colorScheme: "light", brandColor: "rgb(1, 2, 3)", logo: "/logo.svg" },
  { colorScheme: "auto", brandColor: hostile, buttonText: "}</style>", logo: "javascript:alert(1)" },
  { logo: hostile, brandColor: "red;x:y" },
];

const contexts = (theme: Theme): PageContext[] => [
  { baseUrl: "http://localhost:3000/api/auth", origin: "http://localhost:3000", theme, i18n: english },
  {
    baseUrl: `javascript:alert(1)//${hostile}`,
    origin: "https://xn--e1afmkfd.xn--p1ai:8443",
    theme,
    i18n: shippedTranslator("ja"),
  },
  { baseUrl: "http://localhost:3000/api/auth", origin: "http://localhost:3000", theme, i18n: arabic },
];

const credentials: PageProvider = {
  id: "password",
  name: "Password",
  type: "credentials",
  credentials: {
    username: {
      label: "Username",
      type: "text",
      placeholder: "jsmith",
      autocomplete: "username",
      required: true,
    },
    password: { type: "password", required: false },
    pin: { label: "", placeholder: "", autocomplete: "", type: "" },
    bare: {},
    [hostile]: { label: hostile, type: hostile, placeholder: unicode, autocomplete: hostile, required: true },
  },
};

const providers: PageProvider[] = [
  {
    id: "dev",
    name: hostile,
    type: "oidc",
    style: { logo: "https://x.test/a.png", bg: "#000", text: "#fff" },
  },
  { id: "github", name: "GitHub", type: "oauth", style: { logo: "https://x.test/a.png" } },
  { id: hostile, name: unicode, type: "email", style: { bg: hostile, logo: "/mail.svg" } },
  credentials,
  { id: "bad-logo", name: "Bad", type: "oauth", style: { logo: "javascript:alert(1)", text: "}" } },
  { id: "plain", name: "Plain", type: "oidc" },
  { id: hostile, name: hostile, type: "password", style: { bg: "#0f766e", logo: "/key.svg" } },
];

// More than ten distinct images: React preloads the first ten differently from the rest.
const manyLogos: PageProvider[] = Array.from({ length: 12 }, (_, i) => ({
  id: `p${i}`,
  name: `P${i}`,
  type: "oauth" as const,
  style: { logo: `https://x.test/${i % 11}.png` },
}));

function models(): PageModel[] {
  const signInErrors = [
    null,
    "OAuthCallback",
    "CredentialsSignin",
    "MissingCSRF",
    "Configuration",
    "NotACode",
  ];
  const list: PageModel[] = [];
  for (const error of signInErrors) {
    list.push({
      page: "signin",
      providers,
      csrfToken: hostile,
      callbackUrl: hostile,
      error: error as ErrorCode | null,
      email: hostile,
    });
  }
  for (const notice of ["password-reset", "email-verified", hostile]) {
    list.push({
      page: "signin",
      providers,
      csrfToken: "c",
      callbackUrl: "/",
      error: "CredentialsSignin",
      notice: notice as "password-reset",
    });
  }
  list.push({ page: "signin", providers: [], csrfToken: "c", callbackUrl: "", error: null });
  list.push({ page: "signin", providers: manyLogos, csrfToken: "c", callbackUrl: "/", error: null });
  for (const provider of providers) {
    list.push({ page: "signin", providers: [provider], csrfToken: "c", callbackUrl: "/x", error: null });
  }
  for (const value of strings) {
    list.push({ page: "signin", providers, csrfToken: value, callbackUrl: value, error: null, email: value });
    list.push({ page: "signout", csrfToken: value, callbackUrl: value, error: "MissingCSRF" });
    list.push({ page: "signup", csrfToken: value, callbackUrl: value, error: null, providerName: value });
    list.push({ page: "forgot-password", csrfToken: value, callbackUrl: value, error: null });
    list.push({
      page: "reset-password",
      csrfToken: value,
      email: value,
      token: value,
      user: value,
      callbackUrl: value,
      error: value as ErrorCode,
    });
    list.push({
      page: "confirm-verify-email",
      csrfToken: value,
      email: value,
      token: value,
      user: value,
      createdAt: new Date(0),
      resetUrl: value,
      callbackUrl: value,
    });
    list.push({ page: "email-verified", signInUrl: value });
    list.push({
      page: "confirm-email",
      action: value,
      email: value,
      token: value,
      callbackUrl: value,
      csrfToken: value,
    });
  }
  const qr = qrSvg("otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme");
  for (const value of strings) {
    for (const signUp of [true, false]) {
      list.push({
        page: "signin",
        providers,
        csrfToken: value,
        callbackUrl: value,
        error: "PasskeyInvalid",
        email: value,
        passkeys: { signUp },
      });
    }
    list.push({ page: "passkey-signup", csrfToken: value, callbackUrl: value, error: value as ErrorCode });
    list.push({
      page: "signup",
      csrfToken: value,
      callbackUrl: value,
      error: null,
      providerName: value,
      passkeySignUp: true,
    });
    list.push({
      page: "two-factor-setup",
      csrfToken: value,
      callbackUrl: value,
      secret: value,
      qrSvg: value === "" ? qr : value,
      error: value as ErrorCode,
    });
    list.push({ page: "two-factor-backup-codes", backupCodes: [value, `${value}2`], continueUrl: value });
  }
  list.push({ page: "signin", providers: [], csrfToken: "c", callbackUrl: "/", error: null, passkeys: null });
  list.push({
    page: "signin",
    providers: [],
    csrfToken: "c",
    callbackUrl: "/",
    error: null,
    passkeys: { signUp: true },
  });
  for (const error of [null, "EmailInvalid", "PasskeyRegistrationFailed", "RateLimited"]) {
    list.push({ page: "passkey-signup", csrfToken: "c", callbackUrl: "/", error: error as ErrorCode | null });
  }
  for (const error of [null, "TwoFactorCodeInvalid", "MissingCSRF", "RateLimited"]) {
    list.push({
      page: "two-factor-setup",
      csrfToken: "c",
      callbackUrl: "/",
      secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      qrSvg: qr,
      error: error as ErrorCode | null,
    });
  }
  list.push({ page: "two-factor-backup-codes", backupCodes: [], continueUrl: "/" });
  list.push({ page: "signout", csrfToken: "c", callbackUrl: "/", error: null });
  list.push({ page: "signout", csrfToken: "c", callbackUrl: "/", error: "Configuration" });
  for (const error of [
    null,
    "EmailInvalid",
    "PasswordTooShort",
    "PasswordBreached",
    "RateLimited",
    "Default",
  ]) {
    const code = error as ErrorCode | null;
    list.push({ page: "signup", csrfToken: "c", callbackUrl: "/", error: code, providerName: "Password" });
    list.push({ page: "forgot-password", csrfToken: "c", callbackUrl: "", error: code });
    list.push({
      page: "reset-password",
      csrfToken: "c",
      email: "e",
      token: "t",
      user: "u",
      callbackUrl: "/",
      error: code,
    });
  }
  for (const kind of [undefined, "signin", "signup", "reset-password", hostile]) {
    list.push({ page: "verify-request", ...(kind !== undefined && { kind: kind as "signin" }) });
  }
  for (const code of [...Object.keys(errorCatalogue), hostile, "toString", ""]) {
    list.push({ page: "error", code: code as ErrorCode });
  }
  for (const retryAfterSeconds of [undefined, 1, 45, 61, 3600, 90000, Number.NaN]) {
    list.push({
      page: "error",
      code: "RateLimited",
      ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
    });
  }
  return list;
}

test("every page, model, theme and context renders byte-identical to React", (t) => {
  let compared = 0;
  const kinds = new Set<string>();
  for (const theme of themes) {
    for (const context of contexts(theme)) {
      for (const model of models()) {
        const page = renderPage(model, context);
        const expected = `<!DOCTYPE html>${react(documentTree(page, view(model, context), theme, context.i18n))}`;
        assert.equal(page.body, expected, `${model.page} ${JSON.stringify(model).slice(0, 200)}`);
        kinds.add(model.page);
        compared++;
      }
    }
  }
  assert.deepEqual([...kinds].sort(), [
    "confirm-email",
    "confirm-verify-email",
    "email-verified",
    "error",
    "forgot-password",
    "passkey-signup",
    "reset-password",
    "signin",
    "signout",
    "signup",
    "two-factor-backup-codes",
    "two-factor-setup",
    "verify-request",
  ]);
  t.diagnostic(`${compared} pages compared`);
});

test("the form_post relay page renders byte-identical to React", () => {
  const inputs: { action: string; fields: [string, string][] }[] = [
    {
      action: "http://localhost:3000/api/auth/callback/dev",
      fields: [
        ["code", "abc"],
        ["state", "s"],
      ],
    },
    { action: hostile, fields: strings.map((value, i): [string, string] => [`${value}${i}`, value]) },
    {
      action: ` \tJaVa\nScRiPt:alert(1)`,
      fields: [
        ["submit", "x"],
        ["gatehouse_relayed", "1"],
      ],
    },
    { action: "", fields: [] },
  ];
  for (const theme of themes) {
    for (const input of inputs) {
      const page = renderFormPostRelayPage({ ...input, theme, i18n: english });
      const nonce = /'nonce-([^']+)'/.exec(page.headers["Content-Security-Policy"] ?? "")?.[1] ?? "";
      const expected = `<!DOCTYPE html>${react(documentTree(page, formPostRelayView({ ...input, theme, i18n: english }, nonce), theme, english))}`;
      assert.equal(page.body, expected, input.action);
    }
  }
});

test("renderer edge cases render byte-identical to React", (t) => {
  t.mock.method(console, "error", () => {}); // React warns about the empty src it is given on purpose
  const images = Array.from({ length: 13 }, (_, i) => h("img", { src: `/i${i % 12}`, alt: "" }));
  const trees: MarkupNode[] = [
    h("p", { className: hostile, id: unicode, "data-x": hostile }, hostile, unicode, null, false, undefined),
    h("div", null, ["a", ["b", h("span", null, "c")]], h(Fragment, null, "d", h(Fragment, null, "e"))),
    h("style", { nonce: hostile }, `a>b{content:"&'"}</style><STYLE></Style<style`),
    h("script", { nonce: "n" }, `a<b && "</script><SCRIPT>'</Script"`),
    h("title", null, hostile),
    h("input", { name: hostile, defaultValue: hostile, type: "hidden", id: "i", required: true }),
    h("input", { required: false, placeholder: "", autoComplete: "off", defaultValue: "" }),
    h("input", {
      id: "p",
      minLength: 8,
      maxLength: 256,
      "aria-describedby": `${hostile} b`,
      "aria-invalid": "true",
      name: "password",
      type: "password",
      required: true,
    }),
    h("input", { minLength: 0, maxLength: undefined, "aria-describedby": "", "aria-invalid": undefined }),
    h(
      "form",
      { method: "post", action: hostile, className: "c" },
      h("button", { name: "n", type: "submit" }, "Go"),
    ),
    h("a", { href: "" }, "empty"),
    h("img", { src: "", alt: "" }),
    h("form", { action: "" }),
    ...strings.map((value) => h("a", { href: value, className: "x" }, value)),
    ...strings.map((value) => h("img", { src: value, alt: value })),
    ...strings.map((value) => h("form", { action: value })),
    h("div", null, h("img", { src: "/a" }), h("title", null, "T"), h("meta", { name: "x", content: "y" })),
    h("div", null, h("img", { src: "DATA:x" }), h("img", { src: "data:image/png;base64,AA" })),
    h(
      "div",
      null,
      h("meta", { name: "viewport", content: "v" }),
      h("meta", { charSet: "utf-8" }),
      h("br", null),
      h("hr", null),
    ),
    h(
      "html",
      { lang: "en", "data-color-scheme": "dark" },
      h("head", null, h("style", null, "s"), h("title", null, "T"), h("meta", { charSet: "utf-8" })),
      h(
        "body",
        null,
        ...images,
        h("label", { htmlFor: hostile }, "L"),
        h("h1", null, "H"),
        h("strong", null, "S"),
      ),
    ),
    h("html", null, h("head", null), h("body", null, "x")),
  ];
  for (const tree of trees) {
    assert.equal(renderMarkup(tree), react(tree));
  }
});
