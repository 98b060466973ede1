import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render, tags } from "./html-test-utils.ts";

const model = {
  page: "forgot-password",
  csrfToken: "csrf-2",
  callbackUrl: "http://localhost:3000/app",
  error: null,
} as const;

test("forgot-password page: an email form posting to BASE/forgot-password", () => {
  const page = render(model);
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Reset your password<\/title>/);
  assert.match(page.body, /<h1>Reset your password<\/h1>/);
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/forgot-password");
  const body = form?.body ?? "";
  assert.deepEqual(field(body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-2" });
  assert.equal(field(body, "callbackUrl")?.value, "http://localhost:3000/app");
  assert.deepEqual(field(body, "email"), {
    id: "forgot-password-email",
    type: "email",
    autocomplete: "email",
    required: "",
    name: "email",
  });
  assert.match(body, /<label for="forgot-password-email">Email<\/label>/);
  assert.match(body, /<button type="submit" class="button">Send reset link<\/button>/);
  assert.doesNotMatch(page.body, /role="alert"/);
});

test("forgot-password page: a link back to sign in keeps the callback URL", () => {
  const body = render(model).body;
  assert.deepEqual(
    tags(body, "a").map((a) => a.href),
    [`http://localhost:3000/api/auth/signin?callbackUrl=${encodeURIComponent("http://localhost:3000/app")}`],
  );
  assert.match(body, />Back to sign in<\/a>/);
});

test("forgot-password page: EmailInvalid is an alert tied to the email field", () => {
  const body = render({ ...model, error: "EmailInvalid" }).body;
  assert.ok(
    body.includes(
      `role="alert" id="form-error" tabindex="-1" autofocus="">${errorCatalogue.EmailInvalid.message}</div>`,
    ),
  );
  assert.equal(field(body, "email")?.["aria-describedby"], "form-error");
  assert.equal(field(body, "email")?.["aria-invalid"], "true");
  const other = render({ ...model, error: "AccessDenied" }).body;
  assert.match(
    other,
    /role="alert" id="form-error" tabindex="-1" autofocus="">Unable to send a reset link\.<\/div>/,
  );
  assert.equal(field(other, "email")?.["aria-invalid"], undefined);
});
