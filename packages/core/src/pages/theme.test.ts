import assert from "node:assert/strict";
import { test } from "node:test";
import { render, tags } from "./html-test-utils.ts";
import { safeCssColor, safeImageUrl, themeCss } from "./theme.ts";

test("safeCssColor accepts hex, rgb()/hsl() and plain keywords", () => {
  for (const color of [
    "#fff",
    "#346DF1",
    "#346df180",
    "rgb(52, 109, 241)",
    "rgba(0,0,0,.5)",
    "hsl(220, 87%, 57%)",
  ]) {
    assert.equal(safeCssColor(color), color);
  }
  assert.equal(safeCssColor("rebeccapurple"), "rebeccapurple");
});

test("safeCssColor refuses anything that could leave the declaration", () => {
  const bad = [
    "red;background:url(https://evil.test/x)",
    "red}body{display:none",
    "</style><script>alert(1)</script>",
    "url(https://evil.test/x)",
    "var(--x)",
    "expression(alert(1))",
    "#ff",
    "#ggg",
    "rgb(0 0 0 / 50%)",
    "red ",
    "",
    `#${"f".repeat(100)}`,
    42,
    undefined,
  ];
  for (const value of bad) assert.equal(safeCssColor(value), null, String(value));
});

test("safeImageUrl keeps http(s) URLs and site paths, drops everything else", () => {
  assert.equal(safeImageUrl("https://cdn.example.com/logo.svg"), "https://cdn.example.com/logo.svg");
  assert.equal(safeImageUrl("http://localhost:3000/logo.png"), "http://localhost:3000/logo.png");
  assert.equal(safeImageUrl("/static/logo.png"), "/static/logo.png");
  const bad = [
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:image/svg+xml,<svg onload=alert(1)>",
    "vbscript:x",
    "//evil.test/logo.png",
    "/\\evil.test/logo.png",
    "/\t/evil.test/logo.png",
    "logo.png",
    "",
    null,
  ];
  for (const value of bad) assert.equal(safeImageUrl(value), null, String(value));
});

test("themeCss: validated colours, defaults for invalid ones", () => {
  assert.equal(themeCss({}), ":root{--brand-color:#346df1;--button-text-color:#fff}");
  assert.equal(
    themeCss({ brandColor: "#0f766e", buttonText: "black" }),
    ":root{--brand-color:#0f766e;--button-text-color:black}",
  );
  assert.equal(
    themeCss({ brandColor: "red;}*{display:none", buttonText: "url(x)" }),
    ":root{--brand-color:#346df1;--button-text-color:#fff}",
  );
});

test("rendered page: a javascript: logo and invalid colours are dropped", () => {
  const theme = { logo: "javascript:alert(1)", brandColor: "red;}</style><b>", buttonText: "x{}" };
  const body = render({ page: "verify-request" }, theme).body;
  assert.equal(tags(body, "img").length, 0);
  assert.doesNotMatch(body, /javascript:|<b>|x\{\}/);
  assert.match(body, /:root\{--brand-color:#346df1;--button-text-color:#fff\}<\/style>/);
});

test('rendered page: a valid logo is a decorative <img alt=""> above the card, inside <main>', () => {
  const body = render({ page: "verify-request" }, { logo: "https://cdn.example.com/logo.svg" }).body;
  assert.deepEqual(tags(body, "img"), [{ class: "logo", src: "https://cdn.example.com/logo.svg", alt: "" }]);
  assert.match(body, /<main><img [^>]+\/><div class="card">/);
});
