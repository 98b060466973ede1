import assert from "node:assert/strict";
import { test } from "node:test";
import { cookieNames, legacySessionCookieName } from "./cookie-names.ts";

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

test("on https every name is __Host-, so a sibling subdomain cannot plant a session or a flow's check cookies", () => {
  assert.deepEqual(cookieNames("gatehouse", true), {
    sessionToken: "__Host-gatehouse.session-token",
    csrfToken: "__Host-gatehouse.csrf-token",
    callbackUrl: "__Host-gatehouse.callback-url",
    state: "__Host-gatehouse.state",
    pkceCodeVerifier: "__Host-gatehouse.pkce.code_verifier",
    nonce: "__Host-gatehouse.nonce",
  });
});

test("the session cookie's name before __Host- is __Secure- on https, and there is none on http", () => {
  assert.equal(legacySessionCookieName("gatehouse", true), "__Secure-gatehouse.session-token");
  assert.equal(legacySessionCookieName("gatehouse", false), null);
  for (const secure of [false, true]) {
    assert.equal(
      Object.values(cookieNames("gatehouse", secure)).includes(
        `${legacySessionCookieName("gatehouse", secure)}`,
      ),
      false,
    );
  }
});

test("the prefix is configurable", () => {
  const names = cookieNames("myapp", true);
  assert.equal(names.sessionToken, "__Host-myapp.session-token");
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
