import assert from "node:assert/strict";
import { test } from "node:test";
import { rawHeader } from "./request-head.ts";

/** What a `Headers` built from the same raw list (as `toWebRequest` builds it) answers. */
function viaHeaders(raw: readonly string[], name: string): string | null {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers.get(name);
}

test("a header is read from the raw list as Headers reads it", () => {
  const raw = [
    "Host",
    "127.0.0.1:3000",
    "Cookie",
    "a=1",
    "cookie",
    "b=2; c=3",
    "Authorization",
    "Bearer one",
    "AUTHORIZATION",
    "Bearer two",
    "X-Forwarded-Host",
    "app.example",
    "x-forwarded-host",
    "",
    "Origin",
    "null",
    "X-Empty",
    "",
  ];
  for (const name of [
    "cookie",
    "Cookie",
    "authorization",
    "x-forwarded-host",
    "host",
    "origin",
    "x-empty",
    "x-auth-return-redirect",
  ]) {
    assert.equal(rawHeader(raw, name), viaHeaders(raw, name), name);
  }
  assert.equal(rawHeader(raw, "cookie"), "a=1; b=2; c=3");
  assert.equal(rawHeader(raw, "authorization"), "Bearer one, Bearer two", "two credentials stay two");
  assert.equal(rawHeader(raw, "x-auth-return-redirect"), null);
});

test("on generated lists the value is exactly what Headers gives", () => {
  let seed = 7;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const names = [
    "Cookie",
    "cookie",
    "COOKIE",
    "Authorization",
    "authorization",
    "Origin",
    "X-A",
    "x-a",
    "Host",
  ];
  const values = ["", "a=1", "b=2; c=3", "Bearer x", "1", "x, y", "é"];
  for (let i = 0; i < 2000; i++) {
    const raw: string[] = [];
    for (let n = random(8); n > 0; n--)
      raw.push(names[random(names.length)]!, values[random(values.length)]!);
    for (const name of ["cookie", "authorization", "origin", "x-a", "host", "missing"]) {
      assert.equal(rawHeader(raw, name), viaHeaders(raw, name), JSON.stringify({ raw, name }));
    }
  }
});
