import assert from "node:assert/strict";
import { test } from "node:test";
import { type ErrorCode, errorCatalogue } from "../errors/catalogue.ts";
import { render, tags } from "./html-test-utils.ts";

test("error page codes: catalogue title, message and status", () => {
  const expected: [ErrorCode, number][] = [
    ["Configuration", 500],
    ["AccessDenied", 403],
    ["Verification", 403],
    ["PasswordResetInvalid", 403],
    ["RateLimited", 429],
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
  const codes = [
    "OAuthCallback",
    "MissingCSRF",
    "EmailInvalid",
    "CurrentPasswordIncorrect",
    "UnknownAction",
    "toString",
    "__proto__",
    "<b>x</b>",
  ];
  for (const code of codes) {
    const page = render({ page: "error", code: code as ErrorCode });
    assert.equal(page.status, 400, code);
    assert.ok(page.body.includes(`<h1>${errorCatalogue.Default.title}</h1>`), code);
    assert.ok(!page.body.includes(code), `${code} is never echoed`);
  }
});

test("PasswordResetInvalid offers a new link through BASE/forgot-password", () => {
  const body = render({ page: "error", code: "PasswordResetInvalid" }).body;
  assert.deepEqual(tags(body, "a"), [
    { class: "button", href: "http://localhost:3000/api/auth/forgot-password" },
  ]);
  assert.match(body, />Ask for a new link<\/a>/);
});

test("RateLimited: 429, a Retry-After header and when to try again, rounded up", () => {
  const cases: [number, string, string][] = [
    [1, "1", "1 second"],
    [29.2, "30", "30 seconds"],
    [59, "59", "59 seconds"],
    [60, "60", "1 minute"],
    [61, "61", "2 minutes"],
    [900, "900", "15 minutes"],
    [7199, "7199", "120 minutes"],
    [7200, "7200", "2 hours"],
    [86400, "86400", "24 hours"],
  ];
  for (const [retryAfterSeconds, header, wait] of cases) {
    const page = render({ page: "error", code: "RateLimited", retryAfterSeconds });
    assert.equal(page.status, 429);
    assert.equal(page.headers["Retry-After"], header, String(retryAfterSeconds));
    assert.ok(page.body.includes(`<h1>${errorCatalogue.RateLimited.title}</h1>`));
    assert.ok(page.body.includes(`<p>Too many attempts. Try again in ${wait}.</p>`), wait);
  }
});

test("RateLimited without a usable delay: the catalogue message and no Retry-After", () => {
  for (const retryAfterSeconds of [undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY, "60" as never]) {
    const page = render({ page: "error", code: "RateLimited", retryAfterSeconds });
    assert.equal(page.status, 429);
    assert.equal(page.headers["Retry-After"], undefined, String(retryAfterSeconds));
    assert.ok(page.body.includes(`<p>${errorCatalogue.RateLimited.message}</p>`));
  }
});

test("retryAfterSeconds is ignored on every other page; it cannot replace a security header", () => {
  const page = render({ page: "error", code: "AccessDenied", retryAfterSeconds: 60 });
  assert.equal(page.headers["Retry-After"], undefined);
  assert.doesNotMatch(page.body, /Try again in/);
  const limited = render({ page: "error", code: "RateLimited", retryAfterSeconds: 60 });
  assert.deepEqual(Object.keys(limited.headers).sort(), [
    "Cache-Control",
    "Content-Security-Policy",
    "Content-Type",
    "Referrer-Policy",
    "Retry-After",
    "X-Content-Type-Options",
    "X-Frame-Options",
  ]);
});

test("RateLimited: says what is paused and links back to sign-in (issue 23)", () => {
  const account = render({
    page: "error",
    code: "RateLimited",
    retryAfterSeconds: 90,
    scope: "account",
  }).body;
  assert.match(account, /<p>Too many attempts\. Try again in 2 minutes\.<\/p>/);
  assert.match(account, /<p>Attempts for this account or email address are paused, to protect it\.<\/p>/);
  assert.match(
    account,
    /<a class="button" href="http:\/\/localhost:3000\/api\/auth\/signin">Back to sign in<\/a>/,
  );
  const network = render({ page: "error", code: "RateLimited", scope: "network" }).body;
  assert.match(network, /Attempts from your network \(your internet connection\) are paused\./);
  const unknown = render({ page: "error", code: "RateLimited", scope: "<b>" as never }).body;
  assert.doesNotMatch(unknown, /paused/);
});
