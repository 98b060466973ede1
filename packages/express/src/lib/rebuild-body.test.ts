import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { rebuildBody } from "./rebuild-body.ts";

const text = (bytes: Uint8Array | null) => (bytes === null ? null : new TextDecoder().decode(bytes));

describe("rebuildBody", () => {
  test("a JSON value is serialised again", () => {
    const body = { csrfToken: "t", json: true, data: { a: [1] } };
    assert.equal(text(rebuildBody(body, "application/json; charset=utf-8")), JSON.stringify(body));
    assert.equal(text(rebuildBody(["x"], "application/vnd.api+json")), '["x"]');
  });

  test("a form object is form-encoded again, flat fields unchanged", () => {
    assert.equal(
      text(rebuildBody({ csrfToken: "a b&c", callbackUrl: "/x?y=1" }, "application/x-www-form-urlencoded")),
      "csrfToken=a+b%26c&callbackUrl=%2Fx%3Fy%3D1",
    );
  });

  test("arrays become repeated keys; extended-mode objects become brackets", () => {
    const body = { a: ["1", "2"], user: { name: { first: "Ada" } }, n: 3, gone: null };
    assert.equal(
      text(rebuildBody(body, "application/x-www-form-urlencoded")),
      "a=1&a=2&user%5Bname%5D%5Bfirst%5D=Ada&n=3",
    );
  });

  test("express.text() and express.raw() bodies are taken as they are", () => {
    assert.equal(text(rebuildBody("csrfToken=t", "application/x-www-form-urlencoded")), "csrfToken=t");
    const raw = Buffer.from("csrfToken=t");
    assert.equal(rebuildBody(raw, "application/x-www-form-urlencoded"), raw);
  });

  test("nothing to rebuild from: null", () => {
    assert.equal(rebuildBody(undefined, "application/json"), null);
    assert.equal(rebuildBody(42, "application/x-www-form-urlencoded"), null);
  });
});
