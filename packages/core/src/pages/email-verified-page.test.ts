import assert from "node:assert/strict";
import { test } from "node:test";
import { render, tags } from "./html-test-utils.ts";

test("email-verified page: a heading and a Sign in button to signInUrl", () => {
  const signInUrl = "http://localhost:3000/api/auth/signin?notice=email-verified";
  const page = render({ page: "email-verified", signInUrl });
  assert.equal(page.status, 200);
  assert.match(page.body, /<title>Email verified<\/title>/);
  assert.match(page.body, /<h1>Email verified<\/h1>/);
  assert.match(page.body, /<p>Your email address is confirmed\. You can sign in now\.<\/p>/);
  assert.deepEqual(tags(page.body, "a"), [{ class: "button", href: signInUrl }]);
  assert.match(page.body, />Sign in<\/a>/);
  assert.equal(tags(page.body, "form").length, 0);
});
