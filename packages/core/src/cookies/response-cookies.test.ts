import assert from "node:assert/strict";
import { test } from "node:test";
import { ResponseCookies } from "./response-cookies.ts";

function lines(out: ResponseCookies): string[] {
  const headers = new Headers();
  out.applyTo(headers);
  return headers.getSetCookie();
}

test("set: one Set-Cookie line per cookie, with the house attributes", () => {
  const out = new ResponseCookies(false);
  out.set("a", "1");
  out.set("b", "2", { maxAge: 60 });
  assert.deepEqual(lines(out), [
    "a=1; Path=/; HttpOnly; SameSite=Lax",
    "b=2; Path=/; HttpOnly; SameSite=Lax; Max-Age=60",
  ]);
  assert.equal(out.size, 2);
  assert.ok(out.has("a"));
  assert.equal(out.has("c"), false);
});

test("a secure response marks every cookie Secure, deletions included", () => {
  const out = new ResponseCookies(true);
  out.set("__Secure-a", "1");
  out.delete("__Secure-b");
  for (const line of lines(out)) assert.match(line, /; Secure$/, line);
});

test("an insecure response never marks a cookie Secure", () => {
  const out = new ResponseCookies(false);
  out.set("a", "1", { maxAge: 10, expires: new Date(0) });
  out.delete("b");
  for (const line of lines(out)) assert.doesNotMatch(line, /Secure/, line);
});

test("delete sends an empty value with Max-Age=0", () => {
  const out = new ResponseCookies(false);
  out.delete("gatehouse.session-token");
  assert.deepEqual(lines(out), ["gatehouse.session-token=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"]);
});

test("the last write of a name wins, in either direction", () => {
  const out = new ResponseCookies(false);
  out.set("a", "first");
  out.set("a", "second");
  out.delete("b");
  out.set("b", "revived");
  out.set("c", "doomed");
  out.delete("c");
  assert.deepEqual(lines(out), [
    "a=second; Path=/; HttpOnly; SameSite=Lax",
    "b=revived; Path=/; HttpOnly; SameSite=Lax",
    "c=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
  ]);
});

test("applyTo appends and keeps Set-Cookie headers already present", () => {
  const headers = new Headers({ "content-type": "application/json" });
  headers.append("Set-Cookie", "existing=1");
  const out = new ResponseCookies(false);
  out.set("a", "1");
  out.applyTo(headers);
  assert.deepEqual(headers.getSetCookie(), ["existing=1", "a=1; Path=/; HttpOnly; SameSite=Lax"]);
});

test("nothing set, nothing applied", () => {
  const out = new ResponseCookies(true);
  assert.equal(out.size, 0);
  assert.deepEqual(lines(out), []);
});
