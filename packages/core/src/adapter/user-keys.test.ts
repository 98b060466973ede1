import assert from "node:assert/strict";
import { test } from "node:test";
import { compareCodePoints, foldKey, prefixUpperBound } from "./user-keys.ts";

test("foldKey: NFKC, then lower case; none is the empty string", () => {
  assert.equal(foldKey("ÉMILE"), foldKey("émile"));
  assert.equal(foldKey("\uFB01sh"), "fish");
  assert.equal(foldKey(null), "");
  assert.equal(foldKey(undefined), "");
});

test("compareCodePoints is code point order, not UTF-16's (U+FFFD before an emoji)", () => {
  const words = ["\u{1F600}", "\uFFFD", "b", "a", "ab", "", "\uE000", "\uD7FF"];
  const byPoints = (a: string, b: string) => {
    const [x, y] = [Array.from(a, (c) => c.codePointAt(0)!), Array.from(b, (c) => c.codePointAt(0)!)];
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
    return x.length - y.length;
  };
  assert.deepEqual([...words].sort(compareCodePoints), [...words].sort(byPoints));
  assert.ok(compareCodePoints("\uFFFD", "\u{1F600}") < 0);
});

test("prefixUpperBound: the next string past every string with the prefix, skipping surrogates", () => {
  assert.equal(prefixUpperBound("emi"), "emj");
  assert.equal(prefixUpperBound("a\uD7FF"), "a\uE000");
  assert.equal(prefixUpperBound("a\u{10FFFF}"), "b");
  assert.equal(prefixUpperBound("\u{10FFFF}"), null);
  assert.equal(prefixUpperBound(""), null);
});
