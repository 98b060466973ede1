import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonShape, MAX_JSON_DEPTH } from "./json-shape.ts";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

test("depth counts arrays and objects; scalars and empty text are depth 0", () => {
  assert.equal(jsonShape("").depth, 0);
  assert.equal(jsonShape('"a"').depth, 0);
  assert.equal(jsonShape("{}").depth, 1);
  assert.equal(jsonShape('{"a":[{"b":[1,2]}]}').depth, 4);
  assert.equal(jsonShape(nested(MAX_JSON_DEPTH)).depth, MAX_JSON_DEPTH);
});

test("brackets inside strings, escaped quotes included, do not count", () => {
  assert.equal(jsonShape(`{"a":"${"[".repeat(100)}"}`).depth, 1);
  assert.equal(jsonShape(`{"a":"\\"[[[[","b":"]]\\\\"}`).depth, 1);
  assert.equal(jsonShape(`{"a\\"[":"x"}`).depth, 1);
});

test("the scan stops just past the limit: 20,000 arrays deep is seen as too deep, at once", () => {
  const shape = jsonShape(nested(20_000));
  assert.equal(shape.depth, MAX_JSON_DEPTH + 1);
});

test("members counts the outermost commas only", () => {
  assert.equal(jsonShape('{"a":1,"b":[1,2,3],"c":{"d":1,"e":2}}').members, 3);
  assert.equal(jsonShape('{"a":"1,2,3"}').members, 1);
  const many = `{${Array.from({ length: 5000 }, (_, i) => `"k${i}":1`).join(",")}}`;
  assert.equal(jsonShape(many).members, 5000);
});
