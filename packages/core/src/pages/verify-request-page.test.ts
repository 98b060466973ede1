import assert from "node:assert/strict";
import { test } from "node:test";
import { hostile, render } from "./html-test-utils.ts";

const text = (kind?: string) => {
  const body = render({ page: "verify-request", ...(kind !== undefined && { kind: kind as never }) }).body;
  assert.match(body, /<h1>Check your email<\/h1>/);
  return /<\/h1><p>([^<]*)<\/p>/.exec(body)?.[1];
};

test("verify-request kinds: sign-in (the default), sign-up and reset-password texts", () => {
  assert.equal(text(), "A sign in link has been sent to your email address.");
  assert.equal(text("signin"), "A sign in link has been sent to your email address.");
  assert.equal(text("signup"), "We sent a link to confirm your address.");
  assert.equal(
    text("reset-password"),
    "If an account uses this address, we sent a link to reset the password. It works for 1 hour.",
  );
});

test("verify-request: an unknown kind falls back to the sign-in text", () => {
  for (const kind of ["toString", "__proto__", "<b>", ""]) {
    assert.equal(text(kind), "A sign in link has been sent to your email address.", kind);
  }
});

test("verify-request with an address: shows it and offers to send the mail again (issue 23)", () => {
  const body = render({
    page: "verify-request",
    kind: "signup",
    email: "ana@example.test",
    resend: {
      action: "http://localhost:3000/api/auth/resend-verification",
      csrfToken: "c-1",
      callbackUrl: "/home",
    },
  }).body;
  assert.match(body, /<p>Email address: ana@example\.test<\/p>/);
  assert.match(
    body,
    /<form[^>]*action="http:\/\/localhost:3000\/api\/auth\/resend-verification" method="post"/,
  );
  assert.match(body, /<input type="hidden" name="email" value="ana@example\.test"\/>/);
  assert.match(body, /<input type="hidden" name="resent" value="1"\/>/);
  assert.match(body, /<input type="hidden" name="csrfToken" value="c-1"\/>/);
  assert.match(body, /<button type="submit" class="link-button">Send the email again<\/button>/);
  assert.doesNotMatch(body, /role="status"/);
});

test("verify-request: after a send-again it says so; without an address no form", () => {
  const resent = render({ page: "verify-request", email: "a@b.test", resend: null, resent: true }).body;
  assert.match(
    resent,
    /<div class="notice" role="status">Sent again\. It can take a few minutes to arrive\.<\/div>/,
  );
  assert.doesNotMatch(resent, /<form/);
  assert.doesNotMatch(render({ page: "verify-request" }).body, /<form|Email address/);
});

test("verify-request: the address is escaped", () => {
  const body = render({ page: "verify-request", email: hostile }).body;
  assert.doesNotMatch(body, /<script>/);
});
