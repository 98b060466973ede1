import assert from "node:assert/strict";
import { test } from "node:test";
import { isPlainQrSvg } from "./plain-qr-svg.ts";

test("markup outside the expected shape is refused", () => {
  const ok =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect fill="white" width="10" height="10"/><path fill="black" d="M0,0h1v1h-1z"/></svg>';
  assert.ok(isPlainQrSvg(ok));
  for (const bad of [
    ok.replace("<path", "<script>alert(1)</script><path"),
    ok.replace("<rect", '<rect onload="alert(1)"'),
    ok.replace('fill="black"', 'fill="url(javascript:alert(1))"'),
    ok.replace("<path", "text<path"),
    ok.replace("<path", "<!-- x --><path"),
    ok.replace("<path", '<image href="https://evil.example/"/><path'),
    "",
  ]) {
    assert.equal(isPlainQrSvg(bad), false, bad);
  }
});
