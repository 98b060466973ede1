import assert from "node:assert/strict";
import { test } from "node:test";
import { Fragment, h, MarkupElement } from "./h.ts";
import { renderMarkup } from "./render-markup.ts";

const BLOCKED =
  "javascript:throw new Error(&#x27;React has blocked a javascript: URL as a security precaution.&#x27;)";

test("text and attribute values escape & < > \" ' and nothing else", () => {
  assert.equal(
    renderMarkup(h("p", { className: `"><x>'&` }, `<b>"fish" & 'chips'</b> é 😀 \u2028`)),
    '<p class="&quot;&gt;&lt;x&gt;&#x27;&amp;">&lt;b&gt;&quot;fish&quot; &amp; &#x27;chips&#x27;&lt;/b&gt; é 😀 \u2028</p>',
  );
});

test("props are written under React's attribute names", () => {
  assert.equal(
    renderMarkup(h("label", { htmlFor: "f", className: "c", "data-x": "y" }, "L")),
    '<label for="f" class="c" data-x="y">L</label>',
  );
  assert.equal(renderMarkup(h("meta", { charSet: "utf-8" })), '<meta charSet="utf-8"/>');
  assert.equal(
    renderMarkup(h("input", { autoComplete: "email", defaultValue: "v" })),
    '<input autoComplete="email" value="v"/>',
  );
});

test("void elements are self-closed and take no children", () => {
  assert.equal(
    renderMarkup(h("div", null, h("br", null), h("hr", null), h("input", null))),
    "<div><br/><hr/><input/></div>",
  );
  for (const type of ["br", "hr", "input", "img", "meta"] as const) {
    assert.throws(() => renderMarkup(h(type, null, "x")), TypeError, type);
  }
});

test('booleans: required is written as required="", false and null props are dropped', () => {
  assert.equal(renderMarkup(h("input", { required: true })), '<input required=""/>');
  assert.equal(renderMarkup(h("input", { required: false, id: undefined })), "<input/>");
});

test("length limits are integers written as React writes them; aria- props keep their names", () => {
  assert.equal(
    renderMarkup(
      h("input", { minLength: 8, maxLength: 256, "aria-describedby": "hint error", "aria-invalid": "true" }),
    ),
    '<input minLength="8" maxLength="256" aria-describedby="hint error" aria-invalid="true"/>',
  );
  assert.equal(renderMarkup(h("input", { minLength: undefined, "aria-describedby": undefined })), "<input/>");
});

test("null, undefined and false children are dropped; arrays and fragments are flattened; key is dropped", () => {
  const list = ["a", "b"].map((item) => h("span", { key: item }, item));
  assert.equal(
    renderMarkup(h("div", null, null, undefined, false, list, h(Fragment, null, "c", [["d"]]))),
    "<div><span>a</span><span>b</span>cd</div>",
  );
});

test("an input writes name and value last, a form action and method, a button name", () => {
  assert.equal(
    renderMarkup(h("input", { name: "n", defaultValue: "v", type: "hidden", id: "i" })),
    '<input type="hidden" id="i" name="n" value="v"/>',
  );
  assert.equal(
    renderMarkup(h("form", { method: "post", action: "/x", className: "c" })),
    '<form class="c" action="/x" method="post"></form>',
  );
  assert.equal(
    renderMarkup(h("button", { name: "n", type: "submit" }, "Go")),
    '<button type="submit" name="n">Go</button>',
  );
});

test("javascript: URLs in href, src and action are blocked as React blocks them; empty src/href dropped", () => {
  assert.equal(renderMarkup(h("a", { href: " \tjava\nscript:alert(1)" }, "x")), `<a href="${BLOCKED}">x</a>`);
  assert.equal(renderMarkup(h("form", { action: "JAVASCRIPT:x" })), `<form action="${BLOCKED}"></form>`);
  assert.equal(renderMarkup(h("a", { href: "" }, "x")), '<a href="">x</a>');
  assert.equal(renderMarkup(h("img", { src: "" })), "<img/>");
  assert.equal(renderMarkup(h("form", { action: "" })), '<form action=""></form>');
  assert.equal(
    renderMarkup(h("a", { href: "https://x.test/?a=1&b='" }, "x")),
    '<a href="https://x.test/?a=1&amp;b=&#x27;">x</a>',
  );
});

test("<style> and <script> text is raw except that <style / <script cannot appear", () => {
  assert.equal(
    renderMarkup(h("style", { nonce: "n" }, `a>b{content:"&"}</style><STYLE></Style`)),
    `<style nonce="n">a>b{content:"&"}</\\73 tyle><\\53 TYLE></\\53 tyle</style>`,
  );
  assert.equal(
    renderMarkup(h("script", null, "a<b && '</script><SCRIPT>'")),
    "<script>a<b && '</\\u0073cript><\\u0053CRIPT>'</script>",
  );
  for (const type of ["style", "script", "title"] as const) {
    assert.throws(() => renderMarkup(h(type, null)), TypeError, type);
    assert.throws(() => renderMarkup(h(type, null, "a", "b")), TypeError, type);
    assert.throws(() => renderMarkup(h(type, null, ["a"])), TypeError, type);
  }
});

test("a document: charset, viewport, image preloads, other meta and title lead the <head>", () => {
  const html = renderMarkup(
    h(
      "html",
      { lang: "en", "data-color-scheme": undefined },
      h(
        "head",
        null,
        h("style", null, "x"),
        h("title", null, "T&"),
        h("meta", { name: "robots", content: "noindex" }),
        h("meta", { name: "viewport", content: "w" }),
        h("meta", { charSet: "utf-8" }),
      ),
      h(
        "body",
        null,
        h("img", { src: "/a.png", alt: "" }),
        h("img", { src: "/a.png" }),
        h("img", { src: "data:image/png;base64,AA" }),
        h("img", { src: "https://x.test/b?c&d" }),
      ),
    ),
  );
  assert.equal(
    html,
    '<html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="w"/>' +
      '<link rel="preload" as="image" href="/a.png"/><link rel="preload" as="image" href="https://x.test/b?c&amp;d"/>' +
      '<title>T&amp;</title><meta name="robots" content="noindex"/><style>x</style></head>' +
      '<body><img src="/a.png" alt=""/><img src="/a.png"/><img src="data:image/png;base64,AA"/>' +
      '<img src="https://x.test/b?c&amp;d"/></body></html>',
  );
});

test("without an <html> root the hoisted elements come first", () => {
  assert.equal(
    renderMarkup(h("div", null, h("img", { src: "/i" }), h("title", null, "T"))),
    '<link rel="preload" as="image" href="/i"/><title>T</title><div><img src="/i"/></div>',
  );
});

test("anything unsupported is a TypeError, not a guess", () => {
  const cases: [string, () => unknown][] = [
    ["unknown element", () => h("textarea" as never, null)],
    ["unknown prop", () => h("div", { onClick: "x" } as never)],
    ["style object", () => h("div", { style: { color: "red" } } as never)],
    ["dangerouslySetInnerHTML", () => h("div", { dangerouslySetInnerHTML: { __html: "<b>" } } as never)],
    ["children prop", () => h("div", { children: "x" } as never)],
    ["unsafe data- name", () => h("div", { 'data-x"><script': "y" } as never)],
    ["prototype key", () => h("div", { constructor: "x" } as never)],
    ["number attribute", () => h("div", { id: 5 } as never)],
    ["boolean attribute", () => h("div", { id: true } as never)],
    ["string boolean", () => h("input", { required: "yes" } as never)],
    ["string length", () => h("input", { minLength: "8" } as never)],
    ["fractional length", () => h("input", { maxLength: 1.5 })],
    ["NaN length", () => h("input", { maxLength: Number.NaN })],
    ["defaultValue off an input", () => h("div", { defaultValue: "v" })],
    ["number child", () => h("p", null, 5 as never)],
    ["true child", () => h("p", null, true as never)],
    ["plain object child", () => h("p", null, { type: "b", props: {}, children: [] } as never)],
    ["forged element", () => new MarkupElement("textarea" as never, {}, [])],
    ["nested html", () => h("div", null, h("body", null))],
    ["html without body", () => h("html", null, h("head", null))],
    ["html with extra child", () => h("html", null, h("head", null), h("body", null), "x")],
    ["html in the wrong order", () => h("html", null, h("body", null), h("head", null))],
  ];
  for (const [name, build] of cases) {
    assert.throws(() => renderMarkup(build() as never), TypeError, name);
  }
});
