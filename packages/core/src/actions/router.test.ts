import assert from "node:assert/strict";
import { test } from "node:test";
import { AuthError } from "../errors/auth-error.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import { type Route, route } from "./router.ts";

const BASE = "/api/auth";

function throwsUnknownAction(pathname: string, method: string, basePath = BASE): void {
  assert.throws(
    () => route(pathname, method, basePath),
    (error: unknown) => {
      assert.ok(error instanceof AuthError, String(error));
      assert.equal(error.code, "UnknownAction");
      assert.equal(error.status, 404);
      assert.equal(error instanceof MethodNotAllowed, false);
      return true;
    },
    `${method} ${pathname}`,
  );
}

function throwsMethodNotAllowed(pathname: string, method: string, allow: string, basePath = BASE): void {
  assert.throws(
    () => route(pathname, method, basePath),
    (error: unknown) => {
      assert.ok(error instanceof MethodNotAllowed, String(error));
      assert.equal(error.code, "MethodNotAllowed");
      assert.equal(error.status, 405);
      assert.equal(error.allow, allow, `Allow for ${method} ${pathname}`);
      return true;
    },
    `${method} ${pathname}`,
  );
}

/** Every row of docs/protocol.md §1: [path below BASE, method, route or the Allow header of the 405]. */
const TABLE: ReadonlyArray<[path: string, method: "GET" | "POST", expected: Route | { allow: string }]> = [
  ["/providers", "GET", { action: "providers", providerId: null }],
  ["/providers", "POST", { allow: "GET" }],
  ["/session", "GET", { action: "session", providerId: null }],
  ["/session", "POST", { action: "session", providerId: null }],
  ["/csrf", "GET", { action: "csrf", providerId: null }],
  ["/csrf", "POST", { allow: "GET" }],
  ["/signin", "GET", { action: "signin", providerId: null }],
  ["/signin", "POST", { allow: "GET" }],
  ["/signin/google", "GET", { allow: "POST" }],
  ["/signin/google", "POST", { action: "signin", providerId: "google" }],
  ["/signout", "GET", { action: "signout", providerId: null }],
  ["/signout", "POST", { action: "signout", providerId: null }],
  ["/callback/google", "GET", { action: "callback", providerId: "google" }],
  ["/callback/credentials", "POST", { action: "callback", providerId: "credentials" }],
  ["/verify-request", "GET", { action: "verify-request", providerId: null }],
  ["/verify-request", "POST", { allow: "GET" }],
  ["/error", "GET", { action: "error", providerId: null }],
  ["/error", "POST", { allow: "GET" }],
];

test("every action/method row of docs/protocol.md §1", () => {
  for (const [path, method, expected] of TABLE) {
    if ("allow" in expected) throwsMethodNotAllowed(BASE + path, method, expected.allow);
    else assert.deepEqual(route(BASE + path, method, BASE), expected, `${method} ${path}`);
  }
});

test("GET signin/<id> is 405 with Allow: POST (starting a sign-in by GET would be a login CSRF)", () => {
  for (const id of ["google", "github", "email", "credentials"])
    throwsMethodNotAllowed(`${BASE}/signin/${id}`, "GET", "POST");
});

test("other methods are 405 with the methods the action takes", () => {
  for (const method of ["PUT", "DELETE", "PATCH", "OPTIONS"]) {
    throwsMethodNotAllowed(`${BASE}/providers`, method, "GET");
    throwsMethodNotAllowed(`${BASE}/csrf`, method, "GET");
    throwsMethodNotAllowed(`${BASE}/session`, method, "GET, POST");
    throwsMethodNotAllowed(`${BASE}/signout`, method, "GET, POST");
    throwsMethodNotAllowed(`${BASE}/callback/google`, method, "GET, POST");
    throwsMethodNotAllowed(`${BASE}/verify-request`, method, "GET");
    throwsMethodNotAllowed(`${BASE}/error`, method, "GET");
  }
});

test("the Allow header of signin and signin/<id> lists only what that path takes", () => {
  // Bug: `PUT /api/auth/signin/google` answers `Allow: GET, POST`, but GET there is itself a 405
  // (Allow: POST); likewise `PUT /api/auth/signin` says `GET, POST` while POST there is a 405.
  for (const method of ["PUT", "DELETE"]) {
    throwsMethodNotAllowed(`${BASE}/signin/google`, method, "POST");
    throwsMethodNotAllowed(`${BASE}/signin`, method, "GET");
  }
});

test("a provider id on an action that takes none is UnknownAction, whatever the method", () => {
  for (const action of ["providers", "session", "csrf", "signout", "verify-request", "error"]) {
    for (const method of ["GET", "POST", "PUT"]) throwsUnknownAction(`${BASE}/${action}/google`, method);
  }
});

test("callback without a provider id is UnknownAction, whatever the method", () => {
  throwsUnknownAction(`${BASE}/callback`, "GET");
  throwsUnknownAction(`${BASE}/callback`, "POST");
  // Bug: other methods answer 405 with `Allow: GET, POST`, advertising methods that are 404 here.
  throwsUnknownAction(`${BASE}/callback`, "PUT");
  throwsUnknownAction(`${BASE}/callback`, "DELETE");
});

test("unknown actions, empty segments and extra segments are UnknownAction", () => {
  const paths = [
    "/",
    "/unknown",
    "/Session",
    "/SESSION",
    "/sign-in",
    "/signin%2Fgoogle",
    "/__proto__",
    "/constructor",
    "/toString",
    "/hasOwnProperty",
    "/signin/",
    "/callback/",
    "/session/",
    "//session",
    "/signin/google/extra",
    "/callback/google/extra",
    "/callback/google/",
    "/session/a/b",
    "/signin/google/../session",
  ];
  for (const path of paths) {
    for (const method of ["GET", "POST"]) throwsUnknownAction(BASE + path, method);
  }
});

test("paths outside the base path are null (not ours)", () => {
  for (const pathname of [
    "/",
    "/api",
    "/api/",
    "/api/auth",
    "/api/authx/session",
    "/API/AUTH/session",
    "/x/api/auth/session",
    "/session",
  ]) {
    assert.equal(route(pathname, "GET", BASE), null, pathname);
  }
});

test("custom base paths", () => {
  assert.deepEqual(route("/auth/session", "GET", "/auth"), { action: "session", providerId: null });
  assert.deepEqual(route("/auth/signin/github", "POST", "/auth"), { action: "signin", providerId: "github" });
  assert.equal(route("/api/auth/session", "GET", "/auth"), null);
  assert.equal(route("/authx/session", "GET", "/auth"), null);
  throwsUnknownAction("/auth/nope", "GET", "/auth");

  assert.deepEqual(route("/x/y/auth/callback/google", "GET", "/x/y/auth"), {
    action: "callback",
    providerId: "google",
  });
  assert.equal(route("/x/auth/session", "GET", "/x/y/auth"), null);
  assert.equal(route("/x/y/session", "GET", "/x/y/auth"), null);
  throwsMethodNotAllowed("/x/y/auth/csrf", "POST", "GET", "/x/y/auth");
});

test("an empty base path routes from the root", () => {
  assert.deepEqual(route("/session", "GET", ""), { action: "session", providerId: null });
  assert.deepEqual(route("/signin/google", "POST", ""), { action: "signin", providerId: "google" });
  assert.deepEqual(route("/callback/email", "GET", ""), { action: "callback", providerId: "email" });
  throwsUnknownAction("/", "GET", "");
  throwsUnknownAction("/favicon.ico", "GET", "");
  throwsUnknownAction("/api/auth/session", "GET", "");
  throwsMethodNotAllowed("/providers", "POST", "GET", "");
});
