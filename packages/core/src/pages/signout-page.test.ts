import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue } from "../errors/catalogue.ts";
import { field, forms, render } from "./html-test-utils.ts";

test("sign-out page: a confirmation form posting to BASE/signout", () => {
  const page = render({
    page: "signout",
    csrfToken: "csrf-1",
    callbackUrl: "http://localhost:3000/bye",
    error: null,
  });
  assert.equal(page.status, 200);
  assert.match(page.body, /<h1>Sign out<\/h1>/);
  assert.match(page.body, /<p>Are you sure you want to sign out\?<\/p>/);
  const [form, ...rest] = forms(page.body);
  assert.equal(rest.length, 0);
  assert.equal(form?.method, "post");
  assert.equal(form?.action, "http://localhost:3000/api/auth/signout");
  assert.deepEqual(field(form?.body ?? "", "csrfToken"), {
    type: "hidden",
    name: "csrfToken",
    value: "csrf-1",
  });
  assert.deepEqual(field(form?.body ?? "", "callbackUrl"), {
    type: "hidden",
    name: "callbackUrl",
    value: "http://localhost:3000/bye",
  });
  assert.match(form?.body ?? "", /<button type="submit" class="button">Sign out<\/button>/);
  assert.doesNotMatch(page.body, /role="alert"/);
});

test("sign-out page shows MissingCSRF in an alert, and nothing for other codes", () => {
  const missing = render({ page: "signout", csrfToken: "t", callbackUrl: "/", error: "MissingCSRF" }).body;
  assert.ok(
    missing.includes(
      `<div class="alert" role="alert" tabindex="-1" autofocus="">${errorCatalogue.MissingCSRF.message}</div>`,
    ),
  );
  const other = render({ page: "signout", csrfToken: "t", callbackUrl: "/", error: "Configuration" }).body;
  assert.doesNotMatch(other, /role="alert"/);
});
