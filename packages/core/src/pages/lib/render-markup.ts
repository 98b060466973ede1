import { type Attributes, Fragment, MarkupElement, type MarkupNode, type TagName } from "./h.ts";

/*
 * Writes a tree from `h()` as the HTML React 19's `renderToStaticMarkup` writes for the same tree,
 * byte for byte (react-equivalence.test.ts compares the two). That covers React's quirks too:
 *
 * - Text and attribute values escape `& < > " '`; <style> and <script> text is not HTML-escaped,
 *   only `<style` / `<script` inside it is broken up (`\73 ` / `\u0073`), so it cannot close early.
 * - `href`, `src` and `action` starting with `javascript:` are replaced by a throwing script, as
 *   React does.
 * - <meta> and <title> are hoisted into <head>: charset first, then viewport, then a
 *   `<link rel="preload" as="image">` for each distinct <img> src, then the other <meta>/<title>, then
 *   what <head> holds in place (<style>). Without an <html> root that preamble comes first.
 * - An <input>'s `name` and value, a <button>'s `name`, a <form>'s `action` and `method` are written
 *   after its other attributes.
 *
 * Anything else — another element, prop, value type or child — is a TypeError rather than a guess.
 */

type Kind = "document" | "element" | "void" | "meta" | "img" | "title" | "style" | "script";

const ELEMENTS: Readonly<Record<TagName, Kind>> = {
  html: "document",
  head: "document",
  body: "document",
  meta: "meta",
  title: "title",
  style: "style",
  script: "script",
  main: "element",
  div: "element",
  span: "element",
  p: "element",
  h1: "element",
  strong: "element",
  a: "element",
  form: "element",
  label: "element",
  button: "element",
  img: "img",
  hr: "void",
  br: "void",
  input: "void",
  ul: "element",
  li: "element",
  // React closes SVG elements with an end tag, as any non-void element.
  svg: "element",
  rect: "element",
  path: "element",
};

type AttributeProp = Exclude<keyof Attributes, "key" | `data-${string}`>;
interface AttributeRule {
  name: string;
  value: "string" | "url" | "boolean" | "number";
  only?: TagName;
}

const string = (name: string): AttributeRule => ({ name, value: "string" });
const url = (name: string): AttributeRule => ({ name, value: "url" });

// React writes most props under their own name (`charSet`, `autoComplete` keep their capitals).
const ATTRIBUTES: Readonly<Record<AttributeProp, AttributeRule>> = {
  className: string("class"),
  htmlFor: string("for"),
  id: string("id"),
  lang: string("lang"),
  dir: string("dir"),
  role: string("role"),
  name: string("name"),
  content: string("content"),
  charSet: string("charSet"),
  nonce: string("nonce"),
  alt: string("alt"),
  method: string("method"),
  type: string("type"),
  placeholder: string("placeholder"),
  autoComplete: string("autoComplete"),
  inputMode: string("inputMode"),
  src: url("src"),
  href: url("href"),
  action: url("action"),
  required: { name: "required", value: "boolean" },
  minLength: { name: "minLength", value: "number" },
  maxLength: { name: "maxLength", value: "number" },
  "aria-describedby": string("aria-describedby"),
  "aria-invalid": string("aria-invalid"),
  "aria-label": string("aria-label"),
  defaultValue: { name: "value", value: "string", only: "input" },
  hidden: { name: "hidden", value: "boolean" },
  tabIndex: { name: "tabindex", value: "number" },
  autoFocus: { name: "autofocus", value: "boolean" },
  xmlns: { name: "xmlns", value: "string", only: "svg" },
  viewBox: { name: "viewBox", value: "string", only: "svg" },
  width: string("width"),
  height: string("height"),
  fill: string("fill"),
  d: { name: "d", value: "string", only: "path" },
};

/** Props React writes after all the others, in this order. */
const WRITTEN_LAST: Partial<Record<TagName, readonly string[]>> = {
  input: ["name", "defaultValue"],
  button: ["name"],
  form: ["action", "method"],
};

// Names come only from our code; the check still keeps a name from ever breaking out of a tag.
const PLAIN_NAME = /^[a-zA-Z][a-zA-Z0-9-:]*$/;

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Escapes text and attribute values as React does. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

function escapeStyleText(text: string): string {
  return text.replace(
    /(<\/|<)(s)(tyle)/gi,
    (_, prefix, s, rest) => `${prefix}${s === "s" ? "\\73 " : "\\53 "}${rest}`,
  );
}

function escapeScriptText(text: string): string {
  return text.replace(
    /(<\/|<)(s)(cript)/gi,
    (_, prefix, s, rest) => `${prefix}${s === "s" ? "\\u0073" : "\\u0053"}${rest}`,
  );
}

// React's test, control characters included: browsers skip leading C0 controls and spaces, and
// tabs and newlines anywhere in the scheme.
const JAVASCRIPT_URL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are the point
  /^[\u0000-\u001F ]*j[\r\n\t]*a[\r\n\t]*v[\r\n\t]*a[\r\n\t]*s[\r\n\t]*c[\r\n\t]*r[\r\n\t]*i[\r\n\t]*p[\r\n\t]*t[\r\n\t]*:/i;
const BLOCKED_URL =
  "javascript:throw new Error('React has blocked a javascript: URL as a security precaution.')";

function urlValue(url: string): string {
  return escapeHtml(JAVASCRIPT_URL.test(url) ? BLOCKED_URL : url);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "object") return value.constructor?.name ?? "object";
  return typeof value;
}

function isAttributeProp(key: string): key is AttributeProp {
  return Object.hasOwn(ATTRIBUTES, key);
}

function attributeRule(tag: TagName, key: string): AttributeRule {
  if (isAttributeProp(key)) {
    const rule = ATTRIBUTES[key];
    if (rule.only && rule.only !== tag) throw new TypeError(`renderMarkup: <${tag}> does not take ${key}`);
    return rule;
  }
  if (key.startsWith("data-") && PLAIN_NAME.test(key)) return string(key);
  throw new TypeError(`renderMarkup: unsupported prop ${JSON.stringify(key)} on <${tag}>`);
}

function attribute(tag: TagName, key: string, value: unknown): string {
  const rule = attributeRule(tag, key);
  if (!PLAIN_NAME.test(rule.name)) throw new TypeError(`renderMarkup: unsafe attribute name ${rule.name}`);
  if (value === null || value === undefined) return "";
  if (rule.value === "boolean") {
    if (typeof value !== "boolean") throw new TypeError(`renderMarkup: ${key} must be a boolean`);
    return value ? ` ${rule.name}=""` : "";
  }
  if (rule.value === "number") {
    // Integers only: React would also write NaN or 1e21, which no page has a use for.
    if (!Number.isSafeInteger(value)) throw new TypeError(`renderMarkup: ${key} must be an integer`);
    return ` ${rule.name}="${value}"`;
  }
  if (typeof value !== "string") throw new TypeError(`renderMarkup: ${key} must be a string`);
  if (rule.value === "string") return ` ${rule.name}="${escapeHtml(value)}"`;
  // React leaves out an empty src or href (an empty `src` would fetch the page again), except <a href="">.
  if (value === "" && key !== "action") return tag === "a" && key === "href" ? ' href=""' : "";
  return ` ${rule.name}="${urlValue(value)}"`;
}

function attributes(tag: TagName, props: Readonly<Record<string, unknown>>): string {
  const last = WRITTEN_LAST[tag] ?? [];
  let html = "";
  for (const [key, value] of Object.entries(props)) {
    if (!last.includes(key)) html += attribute(tag, key, value);
  }
  for (const key of last) html += attribute(tag, key, props[key]);
  return html;
}

/** What React writes at the top of <head>, collected while the rest is written. */
interface Preamble {
  charset: string[];
  viewport: string[];
  imagePreloads: string[];
  imageSources: Set<string>;
  hoisted: string[];
}

function flushPreamble(preamble: Preamble): string {
  return [...preamble.charset, ...preamble.viewport, ...preamble.imagePreloads, ...preamble.hoisted].join("");
}

function onlyText(tag: TagName, children: readonly MarkupNode[]): string {
  const [text] = children;
  if (children.length !== 1 || typeof text !== "string") {
    throw new TypeError(`renderMarkup: <${tag}> takes exactly one string child`);
  }
  return text;
}

function renderElement(element: MarkupElement, tag: TagName, preamble: Preamble): string {
  const { props, children } = element;
  const kind = ELEMENTS[tag];
  switch (kind) {
    case "document":
      throw new TypeError(`renderMarkup: <${tag}> only as the root <html> holding <head> and <body>`);
    case "element":
      return `<${tag}${attributes(tag, props)}>${renderChildren(children, preamble)}</${tag}>`;
    case "title":
      preamble.hoisted.push(`<title${attributes(tag, props)}>${escapeHtml(onlyText(tag, children))}</title>`);
      return "";
    case "style":
      return `<style${attributes(tag, props)}>${escapeStyleText(onlyText(tag, children))}</style>`;
    case "script":
      return `<script${attributes(tag, props)}>${escapeScriptText(onlyText(tag, children))}</script>`;
  }
  if (children.length > 0) throw new TypeError(`renderMarkup: <${tag}> takes no children`);
  const markup = `<${tag}${attributes(tag, props)}/>`;
  if (kind === "meta") {
    const bucket =
      typeof props.charSet === "string"
        ? preamble.charset
        : props.name === "viewport"
          ? preamble.viewport
          : preamble.hoisted;
    bucket.push(markup);
    return "";
  }
  if (kind === "img") preloadImage(props.src, preamble);
  return markup;
}

/** React preloads every distinct <img> src except `data:` URLs. */
function preloadImage(src: unknown, preamble: Preamble): void {
  if (typeof src !== "string" || src === "" || /^data:/i.test(src) || preamble.imageSources.has(src)) return;
  preamble.imageSources.add(src);
  preamble.imagePreloads.push(`<link rel="preload" as="image" href="${urlValue(src)}"/>`);
}

function renderChildren(children: readonly MarkupNode[], preamble: Preamble): string {
  let html = "";
  for (const child of children) html += renderNode(child, preamble);
  return html;
}

function renderNode(node: MarkupNode, preamble: Preamble): string {
  if (node === null || node === undefined || node === false) return "";
  if (typeof node === "string") return escapeHtml(node);
  if (Array.isArray(node)) return renderChildren(node, preamble);
  if (!(node instanceof MarkupElement))
    throw new TypeError(`renderMarkup: unsupported child (${describe(node)})`);
  if (node.type === Fragment) return renderChildren(node.children, preamble);
  if (!Object.hasOwn(ELEMENTS, node.type))
    throw new TypeError(`renderMarkup: unsupported element <${node.type}>`);
  return renderElement(node, node.type, preamble);
}

function documentPart(node: MarkupNode | undefined, tag: "head" | "body"): MarkupElement {
  if (node instanceof MarkupElement && node.type === tag) return node;
  throw new TypeError("renderMarkup: <html> must hold exactly <head> and <body>");
}

/**
 * The HTML for a tree built with `h()`, identical to React 19's `renderToStaticMarkup` output.
 *
 * @example
 * renderMarkup(h("p", null, "Fish & chips")) // "<p>Fish &amp; chips</p>"
 */
export function renderMarkup(node: MarkupNode): string {
  const preamble: Preamble = {
    charset: [],
    viewport: [],
    imagePreloads: [],
    imageSources: new Set(),
    hoisted: [],
  };
  if (!(node instanceof MarkupElement && node.type === "html")) {
    const content = renderNode(node, preamble);
    return flushPreamble(preamble) + content;
  }
  const parts = node.children.filter((child) => child !== null && child !== undefined && child !== false);
  if (parts.length !== 2) throw new TypeError("renderMarkup: <html> must hold exactly <head> and <body>");
  const head = documentPart(parts[0], "head");
  const body = documentPart(parts[1], "body");
  const headContent = renderChildren(head.children, preamble);
  const bodyContent = renderChildren(body.children, preamble);
  return (
    `<html${attributes("html", node.props)}><head${attributes("head", head.props)}>` +
    `${flushPreamble(preamble)}${headContent}</head>` +
    `<body${attributes("body", body.props)}>${bodyContent}</body></html>`
  );
}
