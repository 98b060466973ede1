import assert from "node:assert/strict";
import { test } from "node:test";
import { field, forms, render } from "./html-test-utils.ts";

test("confirm-verify-email page: a button that POSTs token and email to BASE/verify-email", () => {
  const page = render({
    page: "confirm-verify-email",
    csrfToken: "csrf-4",
    email: "ada@example.com",
    token: "verify-token",
    callbackUrl: "http://localhost:3000/app",
  });
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Confirm your email<\/title>/);
  assert.match(page.body, /<h1>Confirm your email<\/h1>/);
  assert.match(
    page.body,
    /<p>Confirm <strong>ada@example\.com<\/strong> as the address of your account\?<\/p>/,
  );
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
  assert.match(body, /<button type="submit" class="button">Confirm email address<\/button>/);
  // Scanner-safe: nothing on the page acts by itself; only the person's click sends the token.
  assert.doesNotMatch(page.body, /<a [^>]*verify-token|http-equiv|<script/i);
});
