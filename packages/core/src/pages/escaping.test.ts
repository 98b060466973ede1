import assert from "node:assert/strict";
import { test } from "node:test";
import { escaped, field, forms, hostile, render, tags } from "./html-test-utils.ts";
import { PASSKEY_SCRIPT } from "./passkey-script.ts";
import type { RenderedPage } from "./render-page.ts";
import { SHOW_PASSWORD_SCRIPT } from "./show-password-script.ts";

// Every reflected value carries `"><script>alert(1)</script>'&`; it may appear only escaped.
const signIn = render({
  page: "signin",
  csrfToken: hostile,
  callbackUrl: hostile,
  error: null,
  email: hostile,
  providers: [
    { id: "dev", name: hostile, type: "oidc" },
    { id: "mail", name: "Email", type: "email" },
    { id: "account", name: hostile, type: "password" },
    {
      id: "pw",
      name: "Password",
      type: "credentials",
      credentials: {
        [hostile]: { label: hostile, placeholder: hostile, type: hostile, autocomplete: hostile },
      },
    },
  ],
});
const signOut = render({ page: "signout", csrfToken: hostile, callbackUrl: hostile, error: null });

const accountPages = {
  signup: render({
    page: "signup",
    csrfToken: hostile,
    callbackUrl: hostile,
    error: null,
    providerName: hostile,
  }),
  "forgot-password": render({
    page: "forgot-password",
    csrfToken: hostile,
    callbackUrl: hostile,
    error: null,
  }),
  "reset-password": render({
    page: "reset-password",
    csrfToken: hostile,
    email: hostile,
    token: hostile,
    user: hostile,
    callbackUrl: hostile,
    error: hostile as never,
  }),
  "confirm-verify-email": render({
    page: "confirm-verify-email",
    csrfToken: hostile,
    email: hostile,
    token: hostile,
    user: hostile,
    createdAt: new Date(0),
    resetUrl: hostile,
    callbackUrl: hostile,
  }),
  "email-verified": render({ page: "email-verified", signInUrl: hostile }),
};

/**
 * The page without the fixed show-password script (the sign-up page's; issue 23): what is left must
 * hold no script at all, so nothing a model carries can add one.
 */
function withoutFixedScript(body: string): string {
  return body.replace(/<script nonce="[\w-]+">([\s\S]*?)<\/script>/, (whole, text: string) =>
    text === SHOW_PASSWORD_SCRIPT ? "" : whole,
  );
}

function assertNoRawValue(page: RenderedPage): void {
  assert.doesNotMatch(withoutFixedScript(page.body), /<script/i);
  assert.ok(!page.body.includes(hostile));
  assert.ok(!page.body.includes("'&"), "quote and ampersand are escaped");
}

test("sign-in page: every reflected value appears only escaped, and round-trips intact", () => {
  assertNoRawValue(signIn);
  assert.ok(signIn.body.includes(`<span>Sign in with ${escaped(hostile)}</span>`), "provider name");
  const [oidc, email, password, credentials] = forms(signIn.body);
  assert.equal(field(oidc?.body ?? "", "csrfToken")?.value, hostile);
  assert.equal(field(oidc?.body ?? "", "callbackUrl")?.value, hostile);
  assert.equal(field(email?.body ?? "", "email")?.value, hostile);
  assert.equal(field(password?.body ?? "", "email")?.value, hostile, "password form email");
  assert.equal(field(password?.body ?? "", "csrfToken")?.value, hostile);
  const callback = encodeURIComponent(hostile);
  assert.deepEqual(
    tags(signIn.body, "a").map((a) => a.href),
    [
      `http://localhost:3000/api/auth/forgot-password?callbackUrl=${callback}`,
      `http://localhost:3000/api/auth/signup?callbackUrl=${callback}`,
    ],
    "the callback URL is a query value, not markup",
  );
  const input = field(credentials?.body ?? "", hostile);
  assert.equal(input?.placeholder, hostile);
  assert.equal(input?.type, hostile);
  assert.equal(input?.autocomplete, hostile);
  assert.equal(input?.id, `input-${hostile}-for-pw-provider`);
  assert.ok(credentials?.body.includes(`>${escaped(hostile)}</label>`), "credentials label");
  assert.ok(tags(signIn.body, "label").some((label) => label.for === input?.id));
});

test("sign-out page: csrfToken and callbackUrl appear only escaped", () => {
  assertNoRawValue(signOut);
  assert.equal(field(signOut.body, "csrfToken")?.value, hostile);
  assert.equal(field(signOut.body, "callbackUrl")?.value, hostile);
});

test("account pages: every model string appears only escaped, and round-trips intact", () => {
  for (const [name, page] of Object.entries(accountPages)) {
    assertNoRawValue(page);
    for (const input of tags(page.body, "input")) {
      if (input.type === "hidden") assert.equal(input.value, hostile, `${name}: ${input.name}`);
    }
  }
  const hidden = (page: RenderedPage) =>
    tags(page.body, "input")
      .filter((input) => input.type === "hidden")
      .map((input) => input.name);
  assert.deepEqual(hidden(accountPages.signup), ["csrfToken", "callbackUrl"]);
  assert.deepEqual(hidden(accountPages["reset-password"]), [
    "csrfToken",
    "callbackUrl",
    "token",
    "user",
    "email",
  ]);
  assert.deepEqual(hidden(accountPages["confirm-verify-email"]), [
    "csrfToken",
    "callbackUrl",
    "token",
    "email",
    "user",
  ]);
  for (const page of [accountPages["reset-password"], accountPages["confirm-verify-email"]]) {
    assert.ok(page.body.includes(`<strong>${escaped(hostile)}</strong>`), "the email shown as text");
  }
  assert.ok(
    !accountPages["reset-password"].body.includes("alert(1)</div>"),
    "an unknown error is not echoed",
  );
  assert.equal(tags(accountPages["email-verified"].body, "a")[0]?.href, hostile);
  for (const page of [accountPages.signup, accountPages["forgot-password"]]) {
    assert.equal(
      tags(page.body, "a")[0]?.href,
      `http://localhost:3000/api/auth/signin?callbackUrl=${encodeURIComponent(hostile)}`,
    );
  }
});

test("a hostile provider id cannot leave the form action", () => {
  const page = render({
    page: "signin",
    csrfToken: "t",
    callbackUrl: "/",
    error: null,
    providers: [{ id: `x/../../evil?${hostile}`, name: "X", type: "oauth" }],
  });
  assertNoRawValue(page);
  assert.equal(
    forms(page.body)[0]?.action,
    `http://localhost:3000/api/auth/signin/${encodeURIComponent(`x/../../evil?${hostile}`)}`,
  );
});

test("no page ever contains <script, whatever the input", () => {
  const pages = [
    signIn,
    signOut,
    render({ page: "verify-request" }, { logo: hostile, brandColor: hostile, buttonText: hostile }),
    render({ page: "error", code: hostile as never }, { logo: `https://x.test/${hostile}` }),
    render({ page: "error", code: "RateLimited", retryAfterSeconds: hostile as never }),
    render({ page: "verify-request", kind: hostile as never }),
    ...Object.values(accountPages),
  ];
  for (const page of pages) {
    assert.doesNotMatch(withoutFixedScript(page.body), /<script/i);
    assert.equal(page.body.match(/<\/?style/g)?.length, 2, "exactly one <style> element, never closed early");
  }
});

test("passkey and two-factor pages: every model string only escaped; the one script is the fixed one", () => {
  const pages = {
    signin: render({
      page: "signin",
      csrfToken: hostile,
      callbackUrl: hostile,
      error: hostile as never,
      email: hostile,
      providers: [{ id: "account", name: hostile, type: "password" }],
      passkeys: { signUp: true },
    }),
    "passkey-signup": render({
      page: "passkey-signup",
      csrfToken: hostile,
      callbackUrl: hostile,
      error: hostile as never,
    }),
    "two-factor-setup": render({
      page: "two-factor-setup",
      csrfToken: hostile,
      callbackUrl: hostile,
      secret: hostile,
      qrSvg: `<svg>${hostile}</svg>`,
      error: hostile as never,
    }),
    "two-factor-backup-codes": render({
      page: "two-factor-backup-codes",
      backupCodes: [hostile],
      continueUrl: hostile,
    }),
  };
  for (const [name, page] of Object.entries(pages)) {
    // The passkey script is fixed text: cut out, what is left must hold no script and no raw value.
    const scripts = page.body.match(/<script/g)?.length ?? 0;
    assert.equal(scripts, name === "signin" || name === "passkey-signup" ? 1 : 0, name);
    const [before = "", after = ""] = page.body.split(`>${PASSKEY_SCRIPT}</script>`);
    assertNoRawValue({ ...page, body: before.replace(/<script nonce="[\w-]+"$/, "") + after });
  }
  const passkeyPart = tags(pages.signin.body, "div").find((div) => div["data-passkey"] === "signin");
  assert.equal(passkeyPart?.["data-csrf-token"], hostile);
  assert.equal(passkeyPart?.["data-callback-url"], hostile);
  const signUpForm = tags(pages["passkey-signup"].body, "form")[0];
  assert.equal(signUpForm?.["data-csrf-token"], hostile);
  assert.equal(signUpForm?.["data-callback-url"], hostile);
  // A QR code that is not qrSvg()'s plain shape is left out, not inlined.
  assert.doesNotMatch(pages["two-factor-setup"].body, /<svg|class="qr"/);
  assert.equal(tags(pages["two-factor-backup-codes"].body, "a")[0]?.href, hostile);
});
