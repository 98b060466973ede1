import assert from "node:assert/strict";
import { test } from "node:test";
import { render } from "./html-test-utils.ts";

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
