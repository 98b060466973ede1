import assert from "node:assert/strict";
import { timingSafeEqual as nodeTimingSafeEqual } from "node:crypto";
import { test } from "node:test";
import { compareFor, timingSafeEqual } from "./timing-safe-equal.ts";

test("timingSafeEqual: equal bytes, a difference anywhere, another length", () => {
  const a = Uint8Array.from({ length: 32 }, (_, i) => i);
  assert.equal(timingSafeEqual(a, a.slice()), true);
  for (const at of [0, 15, 31]) {
    const b = a.slice();
    b[at]! ^= 1;
    assert.equal(timingSafeEqual(a, b), false, `differs at ${at}`);
  }
  assert.equal(timingSafeEqual(a, a.subarray(0, 31)), false);
  assert.equal(timingSafeEqual(new Uint8Array(0), new Uint8Array(0)), true);
});

test("compareFor: node:crypto's timingSafeEqual where the runtime has it, @noble/ciphers' otherwise", () => {
  const calls: number[] = [];
  const spy = (a: Uint8Array, b: Uint8Array) => {
    calls.push(a.byteLength);
    return nodeTimingSafeEqual(a, b);
  };
  assert.equal(compareFor({ timingSafeEqual: spy })(new Uint8Array(3), new Uint8Array(3)), true);
  assert.deepEqual(calls, [3]);
  for (const crypto of [undefined, {}]) {
    const compare = compareFor(crypto);
    assert.equal(compare(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 3)), true);
    assert.equal(compare(Uint8Array.of(1, 2, 3), Uint8Array.of(1, 2, 4)), false);
  }
});
