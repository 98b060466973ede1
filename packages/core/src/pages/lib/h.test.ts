import assert from "node:assert/strict";
import { test } from "node:test";
import { Fragment, h, MarkupElement, type MarkupNode } from "./h.ts";

test("an element keeps its props without key, and its children as passed", () => {
  const element = h("input", { key: 3, type: "hidden", name: "n" });
  assert.ok(element instanceof MarkupElement);
  assert.equal(element.type, "input");
  assert.deepEqual(element.props, { type: "hidden", name: "n" });
  assert.deepEqual(h("p", null, "a", null, ["b"]).children, ["a", null, ["b"]]);
});

const seen: unknown[] = [];
function Probe(props: { id: string; children?: MarkupNode }) {
  seen.push(props);
  return h("div", null, props.children);
}

test("a component is called with children as React passes them: absent, the one child, or an array", () => {
  seen.length = 0;
  h(Probe, { id: "a" });
  h(Probe, { id: "b" }, "x");
  h(Probe, { id: "c" }, "x", null);
  h(Probe, { id: "d", key: "k" });
  assert.deepEqual(seen, [
    { id: "a" },
    { id: "b", children: "x" },
    { id: "c", children: ["x", null] },
    { id: "d" },
  ]);
});

test("a Fragment groups children and takes no props", () => {
  const fragment = h(Fragment, null, "a", "b");
  assert.equal(fragment.type, Fragment);
  assert.deepEqual(fragment.children, ["a", "b"]);
  assert.throws(() => h(Fragment, { key: 1 } as never), TypeError);
});

test("an element type that is not a plain name is a TypeError", () => {
  for (const type of ["", "div onclick=x", "1a", "a>", 'x"', {}, 5]) {
    assert.throws(() => h(type as never, null), TypeError, String(type));
  }
});
