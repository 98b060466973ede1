import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render, tags } from "./html-test-utils.ts";
import type { PageModel } from "./render-page.ts";
import { SHOW_PASSWORD_SCRIPT } from "./show-password-script.ts";

function signUp(overrides: Partial<Extract<PageModel, { page: "signup" }>> = {}) {
  return render({
    page: "signup",
    csrfToken: "csrf-1",
    callbackUrl: "http://localhost:3000/welcome",
    error: null,
    providerName: "Password",
    ...overrides,
  });
}

test("sign-up page: one form posting email, name and password to BASE/signup", () => {
  const page = signUp();
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Create an account<\/title>/);
  assert.match(page.body, /<h1>Create an account<\/h1>/);
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/signup");
  const body = form?.body ?? "";
  assert.deepEqual(field(body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-1" });
  assert.deepEqual(field(body, "callbackUrl"), {
    type: "hidden",
    name: "callbackUrl",
    value: "http://localhost:3000/welcome",
  });
  assert.deepEqual(field(body, "email"), {
    id: "signup-email",
    type: "email",
    autocomplete: "email",
    required: "",
    name: "email",
  });
  assert.deepEqual(field(body, "name"), {
    id: "signup-name",
    type: "text",
    autocomplete: "name",
    name: "name",
  });
  assert.deepEqual(field(body, "password"), {
    id: "signup-password",
    type: "password",
    autocomplete: "new-password",
    required: "",
    minlength: "8",
    maxlength: "256",
    "aria-describedby": "signup-password-hint",
    name: "password",
  });
  assert.match(body, /<button type="submit" class="button">Create account<\/button>/);
  assert.doesNotMatch(page.body, /role="alert"/);
});

test("sign-up page: every field is labelled, the hint is tied to the password", () => {
  const body = signUp().body;
  const labels = [...body.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(labels, [
    ["signup-email", "Email"],
    ["signup-name", "Name (optional)"],
    ["signup-password", "Password"],
    ["signup-password-show", "Show password"],
  ]);
  assert.match(body, /<p id="signup-password-hint" class="hint">At least 8 characters<\/p>/);
});

test("sign-up page: a link back to sign in keeps the callback URL", () => {
  const links = tags(signUp().body, "a");
  assert.deepEqual(
    links.map((a) => a.href),
    [
      `http://localhost:3000/api/auth/signin?callbackUrl=${encodeURIComponent("http://localhost:3000/welcome")}`,
    ],
  );
  assert.match(signUp().body, />Already have an account\? Sign in<\/a>/);
});

test("sign-up page: a field error is an alert the field points at and is marked invalid by", () => {
  const cases = [
    ["EmailInvalid", "email"],
    ["PasswordTooShort", "password"],
    ["PasswordTooLong", "password"],
    ["PasswordBreached", "password"],
  ] as const;
  for (const [code, name] of cases) {
    const body = signUp({ error: code }).body;
    assert.ok(
      body.includes(
        `<div class="alert" role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue[code].message}</div>`,
      ),
      code,
    );
    const input = field(body, name);
    assert.equal(input?.["aria-invalid"], "true", code);
    assert.ok(input?.["aria-describedby"]?.split(" ").includes("form-error"), code);
    const other = field(body, name === "email" ? "password" : "email");
    assert.equal(other?.["aria-invalid"], undefined, code);
    assert.ok(!other?.["aria-describedby"]?.includes("form-error"), code);
  }
  assert.equal(
    field(signUp({ error: "PasswordTooShort" }).body, "password")?.["aria-describedby"],
    "signup-password-hint form-error",
  );
});

test("sign-up page: an error about no one field points at none; other codes are never echoed", () => {
  const rateLimited = signUp({ error: "RateLimited" }).body;
  assert.ok(
    rateLimited.includes(
      `role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue.RateLimited.message}</div>`,
    ),
  );
  assert.ok(tags(rateLimited, "input").every((input) => input["aria-invalid"] === undefined));
  for (const code of ["Configuration", "NotACode", "toString"]) {
    const body = signUp({ error: code as never }).body;
    assert.match(
      body,
      /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to create the account\.<\/div>/,
      code,
    );
    assert.ok(!body.includes(code), code);
  }
});

test("with passkey-only sign-up on, a link to it (with the callback URL); no passkey script on this page", () => {
  const callback = encodeURIComponent("http://localhost:3000/welcome");
  const page = signUp({ passkeySignUp: true });
  assert.deepEqual(
    tags(page.body, "a").map((a) => a.href),
    [
      `http://localhost:3000/api/auth/signin?callbackUrl=${callback}`,
      `http://localhost:3000/api/auth/passkey-signup?callbackUrl=${callback}`,
    ],
  );
  assert.match(page.body, />Use a passkey instead of a password<\/a>/);
  // Its one script is show-password's (issue 23), not the passkey script.
  assert.doesNotMatch(page.body, /navigator\.credentials|data-passkey/);
  assert.doesNotMatch(signUp().body, /passkey/);
});

test("show password (issue 23): a checkbox hidden until the page's script shows it, allowed by nonce", () => {
  const page = signUp();
  assert.match(
    page.body,
    /<div class="show-password" hidden="" data-show-password="signup-password"><input type="checkbox" id="signup-password-show"\/><label for="signup-password-show">Show password<\/label><\/div>/,
  );
  assert.equal(tags(page.body, "input").filter((input) => input.type === "password").length, 1, "one field");
  const csp = page.headers["Content-Security-Policy"] ?? "";
  const nonce = /script-src 'nonce-([\w-]+)'/.exec(csp)?.[1];
  assert.ok(nonce);
  assert.ok(page.body.endsWith(`<script nonce="${nonce}">${SHOW_PASSWORD_SCRIPT}</script></body></html>`));
  assert.doesNotMatch(SHOW_PASSWORD_SCRIPT, /fetch|innerHTML|eval/);
});
