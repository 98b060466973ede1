import assert from "node:assert/strict";
import { test } from "node:test";
import { field, forms, render } from "./html-test-utils.ts";

const MODEL = {
  page: "confirm-verify-email",
  csrfToken: "csrf-4",
  email: "ada@example.com",
  token: "verify-token",
  user: "user-1",
  createdAt: new Date(Date.UTC(2026, 3, 3, 9, 30)),
  resetUrl: "http://localhost:3000/api/auth/forgot-password",
  callbackUrl: "http://localhost:3000/app",
} as const;

test("confirm-verify-email page: says what it confirms, and a button that POSTs token, email and user", () => {
  const page = render(MODEL);
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Confirm your email<\/title>/);
  assert.match(page.body, /<h1>Confirm your email<\/h1>/);
  // Plainly: an account someone created with this address, and when — not "your account".
  assert.match(
    page.body,
    /<p>An account was created on this site with <strong>ada@example\.com<\/strong> on Friday, April 3, 2026 at 9:30:00\sAM UTC\.<\/p>/,
  );
  assert.match(page.body, /Confirm it only if you created it yourself/);
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/verify-email");
  const body = form?.body ?? "";
  assert.deepEqual(field(body, "csrfToken"), { type: "hidden", name: "csrfToken", value: "csrf-4" });
  assert.deepEqual(field(body, "callbackUrl"), {
    type: "hidden",
    name: "callbackUrl",
    value: "http://localhost:3000/app",
  });
  assert.deepEqual(field(body, "token"), { type: "hidden", name: "token", value: "verify-token" });
  assert.deepEqual(field(body, "email"), { type: "hidden", name: "email", value: "ada@example.com" });
  assert.deepEqual(field(body, "user"), { type: "hidden", name: "user", value: "user-1" });
  assert.match(body, /<button type="submit" class="button">I created this account: confirm<\/button>/);
  // Someone who did not create it is offered the reset, which makes the account theirs.
  assert.match(
    page.body,
    /<p>Not you\? Do not confirm: <a href="http:\/\/localhost:3000\/api\/auth\/forgot-password">reset the password<\/a> instead\./,
  );
  // Scanner-safe: nothing on the page acts by itself; only the person's click sends the token.
  assert.doesNotMatch(page.body, /<a [^>]*verify-token|http-equiv|<script/i);
});

test("confirm-verify-email page: without a creation time or passwords, no date and no reset link", () => {
  const page = render({ ...MODEL, createdAt: null, resetUrl: null });
  assert.match(
    page.body,
    /<p>An account was created on this site with <strong>ada@example\.com<\/strong>\.<\/p>/,
  );
  assert.doesNotMatch(page.body, /forgot-password/);
  assert.match(page.body, /<p>Not you\? Do not confirm\.<\/p>/);
});
