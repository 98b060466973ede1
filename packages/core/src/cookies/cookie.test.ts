import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCookies, serializeCookie } from "./cookie.ts";

test("parseCookies: no header or an empty header is an empty map", () => {
  assert.equal(parseCookies(null).size, 0);
  assert.equal(parseCookies("").size, 0);
  assert.equal(parseCookies(";;; ;").size, 0);
});

test("parseCookies: reads pairs and trims around names and values", () => {
  const cookies = parseCookies("a=1; b=two;c=3 ;  d = 4 ");
  assert.deepEqual(
    [...cookies],
    [
      ["a", "1"],
      ["b", "two"],
      ["c", "3"],
      ["d", "4"],
    ],
  );
});

test("parseCookies: malformed pairs are skipped, the rest still parse", () => {
  const cookies = parseCookies("novalue; =nameless; a=1; ; =; b=");
  assert.deepEqual(
    [...cookies],
    [
      ["a", "1"],
      ["b", ""],
    ],
  );
});

test("parseCookies: a value may contain '='", () => {
  assert.equal(parseCookies("t=a=b==").get("t"), "a=b==");
});

test("parseCookies: duplicate names keep the first value", () => {
  const cookies = parseCookies("a=first; b=x; a=second");
  assert.equal(cookies.get("a"), "first");
  assert.equal(cookies.size, 2);
});

test("parseCookies: quoted values lose their quotes", () => {
  const cookies = parseCookies('a="quoted value"; b=""; c="x; d="');
  assert.equal(cookies.get("a"), "quoted value");
  assert.equal(cookies.get("b"), "");
  // An unbalanced quote is kept as it is.
  assert.equal(cookies.get("c"), '"x');
  assert.equal(cookies.get("d"), '"');
});

test("parseCookies: percent-encoded values are decoded, bad encodings are kept raw", () => {
  const cookies = parseCookies("a=%7B%22x%22%3A1%7D; b=100%; c=%E0%A4%A; d=%ZZ; e=%C3%A9; f=a+b");
  assert.equal(cookies.get("a"), '{"x":1}');
  assert.equal(cookies.get("b"), "100%");
  assert.equal(cookies.get("c"), "%E0%A4%A");
  assert.equal(cookies.get("d"), "%ZZ");
  assert.equal(cookies.get("e"), "\u00e9");
  assert.equal(cookies.get("f"), "a+b");
});

test("parseCookies: names are case-sensitive and may contain dots and prefixes", () => {
  const cookies = parseCookies(
    "__Host-gatehouse.csrf-token=x; Gatehouse.session-token=A; gatehouse.session-token.0=B",
  );
  assert.equal(cookies.get("__Host-gatehouse.csrf-token"), "x");
  assert.equal(cookies.get("Gatehouse.session-token"), "A");
  assert.equal(cookies.get("gatehouse.session-token"), undefined);
  assert.equal(cookies.get("gatehouse.session-token.0"), "B");
});

test("parseCookies: '__proto__' is an ordinary key", () => {
  const cookies = parseCookies("__proto__=x; constructor=y");
  assert.equal(cookies.get("__proto__"), "x");
  assert.equal(cookies.get("constructor"), "y");
  assert.equal(({} as Record<string, unknown>).x, undefined);
});

test("serializeCookie: always Path=/, HttpOnly and SameSite=Lax; no lifetime makes a session cookie", () => {
  const line = serializeCookie("gatehouse.csrf-token", "abc", { secure: false });
  assert.equal(line, "gatehouse.csrf-token=abc; Path=/; HttpOnly; SameSite=Lax");
  assert.doesNotMatch(line, /Secure|Max-Age|Expires|Domain/);
});

test("serializeCookie: Secure only when secure", () => {
  assert.match(serializeCookie("a", "b", { secure: true }), /; Secure$/);
  assert.doesNotMatch(serializeCookie("a", "b", { secure: false }), /Secure/);
});

test("serializeCookie: Max-Age is whole seconds and never negative", () => {
  assert.match(serializeCookie("a", "b", { secure: false, maxAge: 900 }), /; Max-Age=900(;|$)/);
  assert.match(serializeCookie("a", "b", { secure: false, maxAge: 900.9 }), /; Max-Age=900(;|$)/);
  assert.match(serializeCookie("a", "b", { secure: false, maxAge: 0 }), /; Max-Age=0(;|$)/);
  assert.match(serializeCookie("a", "b", { secure: false, maxAge: -5 }), /; Max-Age=0(;|$)/);
});

test("serializeCookie: Expires is an HTTP date", () => {
  const expires = new Date(Date.UTC(2030, 0, 2, 3, 4, 5));
  const line = serializeCookie("a", "b", { secure: true, maxAge: 60, expires });
  assert.equal(
    line,
    "a=b; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Expires=Wed, 02 Jan 2030 03:04:05 GMT; Secure",
  );
});

test("serializeCookie: values are percent-encoded so they cannot add attributes", () => {
  const line = serializeCookie("a", "x; Domain=evil.com; Path=/admin\r\nSet-Cookie: y=1", { secure: false });
  assert.deepEqual(line.split("; ").slice(1), ["Path=/", "HttpOnly", "SameSite=Lax"]);
  assert.doesNotMatch(line, /; Domain|[\r\n]/);
  assert.equal(
    parseCookies(line.split(";")[0]!).get("a"),
    "x; Domain=evil.com; Path=/admin\r\nSet-Cookie: y=1",
  );
});

test("serialize then parse round-trips any value", () => {
  for (const value of ["", "plain", "a b", "é€😀", '"quoted"', "%41", "a=b;c", "token|mac"]) {
    const line = serializeCookie("n", value, { secure: false });
    assert.equal(parseCookies(line.split("; ")[0]!).get("n"), value, JSON.stringify(value));
  }
});
