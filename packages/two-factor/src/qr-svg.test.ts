import assert from "node:assert/strict";
import { test } from "node:test";
import { isPlainQrSvg } from "@gatehouse/core/two-factor";
import { encode } from "uqr";
import { qrSvg } from "./qr-svg.ts";

const URI = "otpauth://totp/Acme:ada%40example.com?issuer=Acme&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

test("the SVG holds only svg, path and rect elements, and scales (viewBox, no width)", () => {
  const svg = qrSvg(URI);
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 '));
  const elements = new Set([...svg.matchAll(/<\/?([a-zA-Z]+)/g)].map(([, name]) => name));
  assert.deepEqual([...elements].sort(), ["path", "rect", "svg"]);
  assert.doesNotMatch(svg, /<svg[^>]*\swidth=/);
});

test("the encoded text never appears in the markup, so no input can inject any", () => {
  const hostile = '"><script>alert(1)</script><svg onload="alert(2)">';
  const svg = qrSvg(hostile);
  assert.ok(isPlainQrSvg(svg));
  assert.doesNotMatch(svg, /script|onload|alert/i);
});

test("different texts give different codes; the same text the same code", () => {
  assert.notEqual(qrSvg(URI), qrSvg(`${URI}x`));
  assert.equal(qrSvg(URI), qrSvg(URI));
});

test("the drawing is the code: one 10-unit square per dark module, inside a 4-module quiet zone", () => {
  const { data, size } = encode(URI, { ecc: "M", border: 4 });
  const dark = new Set<string>();
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) dark.add(`${x * 10},${y * 10}`);
    });
  });
  const svg = qrSvg(URI);
  assert.ok(svg.includes(`viewBox="0 0 ${size * 10} ${size * 10}"`));
  const drawn = new Set([...svg.matchAll(/M(\d+),(\d+)h10v10h-10z/g)].map(([, x, y]) => `${x},${y}`));
  assert.deepEqual(drawn, dark);
  for (const square of drawn) {
    const [x = 0, y = 0] = square.split(",").map(Number);
    assert.ok(x >= 40 && y >= 40 && x < (size - 4) * 10 && y < (size - 4) * 10, square);
  }
});
