import assert from "node:assert/strict";
import { test } from "node:test";
import { interactionUid } from "./interactions.ts";

test("interactionUid matches /interaction/:uid only", () => {
  assert.equal(interactionUid("/interaction/abc-DEF_123"), "abc-DEF_123");
  assert.equal(interactionUid("/interaction/"), null);
  assert.equal(interactionUid("/interaction/abc/abort"), null);
  assert.equal(interactionUid("/interaction/a%2Fb"), null);
  assert.equal(interactionUid("/auth/abc"), null);
});
