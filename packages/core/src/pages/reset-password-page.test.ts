import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render } from "./html-test-utils.ts";

const model = {
  page: "reset-password",
  csrfToken: "csrf-3",
  email: "ada@example.com",
  token: "reset-token",
  user: "user-1",
  callbackUrl: "http://localhost:3000/app",
  error: null,
} as const;

test("reset-password page: the address as text, a new password, posted with the token", () => {
  const page = render(model);
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Choose a new password<\/title>/);
  assert.match(page.body, /<h1>Choose a new password<\/h1>/);
  assert.match(page.body, /<p>Enter a new password for <strong>ada@example\.com<\/strong>\.<\/p>/);
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/reset-password");
  const body = form?.body ?? "";
  assert.deepEqual(field(body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-3" });
  assert.deepEqual(field(body, "callbackUrl"), {
    type: "hidden",
    name: "callbackUrl",
    value: "http://localhost:3000/app",
  });
  assert.deepEqual(field(body, "token"), { type: "hidden", name: "token", value: "reset-token" });
  assert.deepEqual(field(body, "email"), {
    type: "hidden",
    autocomplete: "username",
    name: "email",
    value: "ada@example.com",
  });
  assert.deepEqual(field(body, "password"), {
    id: "reset-password-password",
    type: "password",
    autocomplete: "new-password",
    required: "",
    minlength: "8",
    maxlength: "256",
    "aria-describedby": "reset-password-password-hint",
    name: "password",
  });
  assert.match(body, /<label for="reset-password-password">New password<\/label>/);
  assert.match(body, /<p id="reset-password-password-hint" class="hint">At least 8 characters<\/p>/);
  assert.match(body, /<button type="submit" class="button">Change password<\/button>/);
  assert.doesNotMatch(page.body, /role="alert"/);
});

test("reset-password page: a password error is an alert tied to the password field", () => {
  for (const code of ["PasswordTooShort", "PasswordTooLong", "PasswordBreached"] as const) {
    const body = render({ ...model, error: code }).body;
    assert.ok(
      body.includes(
        `role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue[code].message}</div>`,
      ),
      code,
    );
    assert.equal(field(body, "password")?.["aria-describedby"], "reset-password-password-hint form-error");
    assert.equal(field(body, "password")?.["aria-invalid"], "true");
  }
  const other = render({ ...model, error: "PasswordResetInvalid" }).body;
  assert.match(
    other,
    /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to change the password\.<\/div>/,
  );
  assert.equal(field(other, "password")?.["aria-invalid"], undefined);
});
