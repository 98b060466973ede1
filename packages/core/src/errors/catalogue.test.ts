import assert from "node:assert/strict";
import { test } from "node:test";
import { type ErrorCode, errorCatalogue, signInPageCodes, toErrorCode } from "./catalogue.ts";

const codes = Object.keys(errorCatalogue) as ErrorCode[];

/** docs/protocol.md §7, verbatim. */
const SIGN_IN_PAGE_CODES = [
  "OAuthSignin",
  "OAuthCallback",
  "OAuthCreateAccount",
  "EmailCreateAccount",
  "Callback",
  "OAuthAccountNotLinked",
  "EmailSignin",
  "CredentialsSignin",
  "SessionRequired",
  "TwoFactorExpired",
  "MissingCSRF",
  // Gatehouse's own (password accounts), shown inline on the sign-in, sign-up and reset pages.
  "EmailInvalid",
  "PasswordTooShort",
  "PasswordTooLong",
  "PasswordBreached",
  "EmailNotVerified",
  "AccountDisabled",
  "AccountChanged",
  "PasskeyInvalid",
];

test("every code has a 4xx/5xx status, a title, a message, a cause and a known surface", () => {
  assert.ok(codes.length > 0);
  for (const code of codes) {
    const entry = errorCatalogue[code];
    assert.ok(
      Number.isInteger(entry.status) && entry.status >= 400 && entry.status <= 599,
      `${code}: ${entry.status}`,
    );
    assert.ok(["signin", "error", "request"].includes(entry.surface), `${code}: ${entry.surface}`);
    for (const field of ["title", "message", "cause"] as const) {
      assert.equal(typeof entry[field], "string", `${code}.${field}`);
      assert.ok(entry[field].trim().length > 0, `${code}.${field} is empty`);
    }
  }
});

test("codes are identifiers and messages are plain text a person can be shown", () => {
  for (const code of codes) {
    assert.match(code, /^[A-Z][A-Za-z]+$/, code);
    const { message, title } = errorCatalogue[code];
    assert.doesNotMatch(`${title} ${message}`, /[<>]|\$\{/, code);
    assert.match(message, /[.!?]$/, `${code}: a message is a sentence`);
  }
});

test("the sign-in surface is exactly the docs/protocol.md §7 list", () => {
  const signin = codes.filter((code) => errorCatalogue[code].surface === "signin");
  assert.deepEqual([...signin].sort(), [...SIGN_IN_PAGE_CODES].sort());
  assert.deepEqual([...signInPageCodes].sort(), [...SIGN_IN_PAGE_CODES].sort());
});

test("the error page codes and statuses of docs/protocol.md §7", () => {
  const errorPage = codes.filter((code) => errorCatalogue[code].surface === "error");
  // docs/protocol.md §7's four, plus StorageUnavailable (503) for a database that is down or locked
  // and PasswordResetInvalid for a spent or expired reset link, OAuthCallbackReplayed for a second
  // callback of one OAuth flow.
  assert.deepEqual([...errorPage].sort(), [
    "AccessDenied",
    "Configuration",
    "Default",
    "OAuthCallbackReplayed",
    "PasswordResetInvalid",
    "StorageUnavailable",
    "Verification",
  ]);
  assert.equal(errorCatalogue.StorageUnavailable.status, 503);
  assert.equal(errorCatalogue.Configuration.status, 500);
  assert.equal(errorCatalogue.AccessDenied.status, 403);
  assert.equal(errorCatalogue.Verification.status, 403);
});

test("request errors of docs/protocol.md §1 carry their HTTP status", () => {
  assert.equal(errorCatalogue.UnknownAction.status, 404);
  assert.equal(errorCatalogue.MethodNotAllowed.status, 405);
  assert.equal(errorCatalogue.InvalidContentType.status, 400);
  assert.equal(errorCatalogue.InvalidBody.status, 400);
  assert.equal(errorCatalogue.BodyTooLarge.status, 400);
  assert.equal(errorCatalogue.MissingCSRF.status, 403);
  assert.equal(errorCatalogue.CredentialsSignin.status, 401);
});

test("toErrorCode accepts every code, exactly", () => {
  for (const code of codes) assert.equal(toErrorCode(code), code);
});

test("toErrorCode rejects near misses, prototype names and non-strings", () => {
  const rejected: unknown[] = [
    "__proto__",
    "constructor",
    "toString",
    "hasOwnProperty",
    "valueOf",
    "isPrototypeOf",
    "__defineGetter__",
    "oauthsignin",
    "OAUTHSIGNIN",
    "OAuthSignin ",
    " OAuthSignin",
    "OAuthSignin\u0000",
    "MissingCsrf",
    "default",
    "",
    "<script>",
    undefined,
    null,
    0,
    true,
    ["OAuthSignin"],
    { toString: () => "OAuthSignin" },
    new String("OAuthSignin"),
  ];
  for (const value of rejected) assert.equal(toErrorCode(value), null, String(value));
});
