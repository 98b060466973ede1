import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorCatalogue } from "@gatehouse/core";
import type { Reply } from "../lib/transport.ts";
import { SERVER_CODES, toPasswordResult, toUpdateResult } from "./password-result.ts";

const reply = (status: number, body: unknown, headers: HeadersInit = {}): Reply => ({
  status,
  ok: status >= 200 && status < 300,
  headers: new Headers(headers),
  body,
});

describe("toPasswordResult (sign-up, forgot, reset)", () => {
  it("a 2xx URL without ?error= is ok", () => {
    assert.deepEqual(toPasswordResult(reply(200, { url: "/api/auth/verify-request?type=signup" })), {
      ok: true,
      status: 200,
      url: "/api/auth/verify-request?type=signup",
    });
  });

  it("the code comes from the URL's ?error=", () => {
    const body = { url: "http://a.example/api/auth/signup?callbackUrl=%2F&error=PasswordTooShort" };
    assert.deepEqual(toPasswordResult(reply(400, body)), {
      ok: false,
      status: 400,
      error: "PasswordTooShort",
    });
  });

  it("fails closed: a 200 whose URL carries an error is a failure", () => {
    const result = toPasswordResult(reply(200, { url: "/api/auth/error?error=PasswordResetInvalid" }));
    assert.deepEqual(result, { ok: false, status: 200, error: "PasswordResetInvalid" });
  });

  it("RateLimited keeps the message and retryAfter, from the body or else the header", () => {
    const body = { error: "RateLimited", message: "Too many attempts.", retryAfter: 60 };
    assert.deepEqual(toPasswordResult(reply(429, body, { "retry-after": "60" })), {
      ok: false,
      status: 429,
      error: "RateLimited",
      message: "Too many attempts.",
      retryAfter: 60,
    });
    const headerOnly = toPasswordResult(reply(429, { error: "RateLimited" }, { "retry-after": "17" }));
    assert.equal(headerOnly.ok || headerOnly.retryAfter, 17);
  });

  it("a proxy's 429 (no code, not JSON) is RateLimited too; a Retry-After date is left out", () => {
    assert.deepEqual(toPasswordResult(reply(429, null, { "retry-after": "30" })), {
      ok: false,
      status: 429,
      error: "RateLimited",
      retryAfter: 30,
    });
    const date = toPasswordResult(reply(429, null, { "retry-after": "Wed, 21 Oct 2099 07:28:00 GMT" }));
    assert.deepEqual(date, { ok: false, status: 429, error: "RateLimited" });
  });

  it("an unknown code, HTML, or a 2xx without a URL is Default", () => {
    assert.deepEqual(toPasswordResult(reply(404, { error: "UnknownAction", message: "Not here." })), {
      ok: false,
      status: 404,
      error: "Default",
      message: "Not here.",
    });
    assert.deepEqual(toPasswordResult(reply(502, null)), { ok: false, status: 502, error: "Default" });
    assert.deepEqual(toPasswordResult(reply(200, {})), { ok: false, status: 200, error: "Default" });
    assert.deepEqual(toPasswordResult(reply(200, { url: 42 })), { ok: false, status: 200, error: "Default" });
    // Only own properties name a code.
    const inherited = toPasswordResult(reply(400, { error: "toString" }));
    assert.equal(inherited.ok || inherited.error, "Default");
  });

  it("no answer at all is NetworkError", () => {
    assert.deepEqual(toPasswordResult(reply(0, null)), { ok: false, status: 0, error: "NetworkError" });
  });
});

describe("toUpdateResult (change, set)", () => {
  it('a 2xx {"ok":true} is ok; anything else is not', () => {
    assert.deepEqual(toUpdateResult(reply(200, { ok: true })), { ok: true, status: 200 });
    assert.deepEqual(toUpdateResult(reply(200, { ok: "true" })), {
      ok: false,
      status: 200,
      error: "Default",
    });
    assert.deepEqual(toUpdateResult(reply(500, { ok: true })), { ok: false, status: 500, error: "Default" });
  });

  it("JSON errors keep code and message", () => {
    const body = { error: "PasswordAlreadySet", message: "This account already has a password." };
    assert.deepEqual(toUpdateResult(reply(409, body)), { ok: false, status: 409, ...body });
    // Setting a password needs a recent sign-in: the caller asks for one and tries again.
    const stale = { error: "ReauthenticationRequired", message: "Confirm it's you." };
    assert.deepEqual(toUpdateResult(reply(403, stale)), { ok: false, status: 403, ...stale });
  });

  it("a bare 403 {} (the JSON endpoints' CSRF refusal) is MissingCSRF; other empty answers are not", () => {
    assert.deepEqual(toUpdateResult(reply(403, {})), { ok: false, status: 403, error: "MissingCSRF" });
    assert.deepEqual(toUpdateResult(reply(400, {})), { ok: false, status: 400, error: "Default" });
    assert.deepEqual(toUpdateResult(reply(403, null)), { ok: false, status: 403, error: "Default" });
  });
});

it("every server code of PasswordErrorCode is in core's error catalogue", () => {
  for (const code of Object.keys(SERVER_CODES)) {
    assert.ok(Object.hasOwn(errorCatalogue, code), `${code} is not in the catalogue`);
  }
});
