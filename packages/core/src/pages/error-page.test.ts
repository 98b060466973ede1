import assert from "node:assert/strict";
import { test } from "node:test";
import { type ErrorCode, errorCatalogue } from "../errors/catalogue.ts";
import { render, tags } from "./html-test-utils.ts";

test("error page codes: catalogue title, message and status", () => {
  const expected: [ErrorCode, number][] = [
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["Default", 400],
  ];
  for (const [code, status] of expected) {
    const page = render({ page: "error", code });
    assert.equal(page.status, status, code);
    assert.ok(page.body.includes(`<title>${errorCatalogue[code].title}</title>`), code);
    assert.ok(page.body.includes(`<h1>${errorCatalogue[code].title}</h1>`), code);
    assert.ok(page.body.includes(`<p>${errorCatalogue[code].message}</p>`), code);
  }
});

test("AccessDenied and Verification offer a Sign in link to BASE/signin", () => {
  for (const code of ["AccessDenied", "Verification"] as const) {
    const body = render({ page: "error", code }).body;
    assert.match(
      body,
      /<a class="button" href="http:\/\/localhost:3000\/api\/auth\/signin">Sign in<\/a>/,
      code,
    );
  }
});

test("the default page links to the origin", () => {
  const body = render({ page: "error", code: "Default" }).body;
  assert.deepEqual(
    tags(body, "a").map((a) => a.href),
    ["http://localhost:3000"],
  );
  assert.match(body, />localhost:3000<\/a>/);
});

test("codes that are not error-page codes, and unknown codes, render the Default page", () => {
  const codes = ["OAuthCallback", "MissingCSRF", "UnknownAction", "toString", "__proto__", "<b>x</b>"];
  for (const code of codes) {
    const page = render({ page: "error", code: code as ErrorCode });
    assert.equal(page.status, 400, code);
    assert.ok(page.body.includes(`<h1>${errorCatalogue.Default.title}</h1>`), code);
    assert.ok(!page.body.includes(code), `${code} is never echoed`);
  }
});
