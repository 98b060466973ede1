import assert from "node:assert/strict";
import { test } from "node:test";
import { cookieNames } from "./cookie-names.ts";

test("on http the names are the bare prefix names", () => {
  assert.deepEqual(cookieNames("gatehouse", false), {
    sessionToken: "gatehouse.session-token",
    csrfToken: "gatehouse.csrf-token",
    callbackUrl: "gatehouse.callback-url",
    state: "gatehouse.state",
    pkceCodeVerifier: "gatehouse.pkce.code_verifier",
    nonce: "gatehouse.nonce",
  });
});

test("on https the names get __Secure-, and the CSRF cookie __Host-", () => {
  assert.deepEqual(cookieNames("gatehouse", true), {
    sessionToken: "__Secure-gatehouse.session-token",
    csrfToken: "__Host-gatehouse.csrf-token",
    callbackUrl: "__Secure-gatehouse.callback-url",
    state: "__Secure-gatehouse.state",
    pkceCodeVerifier: "__Secure-gatehouse.pkce.code_verifier",
    nonce: "__Secure-gatehouse.nonce",
  });
});

test("the prefix is configurable", () => {
  const names = cookieNames("myapp", true);
  assert.equal(names.sessionToken, "__Secure-myapp.session-token");
  assert.equal(names.csrfToken, "__Host-myapp.csrf-token");
  assert.equal(cookieNames("myapp", false).nonce, "myapp.nonce");
});

test("every name is distinct, so no cookie can stand in for another", () => {
  for (const secure of [false, true]) {
    const values = Object.values(cookieNames("gatehouse", secure));
    assert.equal(new Set(values).size, values.length);
  }
});

test("no name of one scheme is a name of the other (an http cookie cannot pose as an https one)", () => {
  const http = new Set(Object.values(cookieNames("gatehouse", false)));
  for (const name of Object.values(cookieNames("gatehouse", true))) assert.equal(http.has(name), false, name);
});
