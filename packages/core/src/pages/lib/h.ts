/*
 * The element builder of the built-in pages: `h(type, props, ...children)` as in React's
 * `createElement`, without React. It only builds a tree; `renderMarkup()` (render-markup.ts) turns
 * the tree into the exact HTML React 19's `renderToStaticMarkup` writes for it.
 *
 * The element types and props are closed lists: only what the pages use, each one checked against
 * React's output in react-equivalence.test.ts. Adding one means adding its rule to render-markup.ts.
 */

/** Groups children without a wrapper element, like React's `Fragment`. */
export const Fragment = Symbol("Fragment");

/** The elements the pages use. */
export type TagName =
  | "html"
  | "head"
  | "body"
  | "meta"
  | "title"
  | "style"
  | "script"
  | "main"
  | "div"
  | "span"
  | "p"
  | "h1"
  | "strong"
  | "a"
  | "img"
  | "hr"
  | "br"
  | "form"
  | "label"
  | "input"
  | "button"
  | "ul"
  | "li"
  /** The QR code of two-factor enrolment (see qr-code.ts): an <svg> of one <rect> and one <path>. */
  | "svg"
  | "rect"
  | "path";

/** The props the pages use, spelled as in React (`className`, `htmlFor`, `defaultValue`). */
export interface Attributes {
  /** Dropped, as React drops it; allowed so list items read like React code. */
  key?: string | number;
  className?: string;
  id?: string;
  lang?: string;
  /** `rtl` on <html> for a language written right to left. */
  dir?: "rtl";
  role?: string;
  name?: string;
  content?: string;
  charSet?: string;
  nonce?: string;
  src?: string;
  alt?: string;
  href?: string;
  action?: string;
  method?: string;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  /** The on-screen keyboard to show (`numeric` for one-time codes). */
  inputMode?: "numeric" | "text";
  htmlFor?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Space-separated ids of the hint and error that describe a field. */
  "aria-describedby"?: string;
  "aria-invalid"?: "true";
  /** The accessible name of an element without visible text of its own (a form among several). */
  "aria-label"?: string;
  /** `<input>` only: written as `value`. */
  defaultValue?: string;
  /** `-1`: focusable by script and `autofocus`, not by Tab (the error box of a refused form). */
  tabIndex?: -1;
  /** Focused when the page loads (no script needed): the error box, so the error is read first. */
  autoFocus?: boolean;
  /** Not shown until a script shows it (the passkey parts, which need browser support). */
  hidden?: boolean;
  /** SVG geometry and paint, for the QR code only. */
  xmlns?: string;
  viewBox?: string;
  width?: string;
  height?: string;
  fill?: string;
  d?: string;
  [data: `data-${string}`]: string | undefined;
}

/** One element of the tree; only `h()` makes them, so `renderMarkup()` can tell them from other objects. */
export class MarkupElement {
  readonly type: TagName | typeof Fragment;
  /** The props without `key`; children are kept apart, in the order they were passed to `h()`. */
  readonly props: Readonly<Record<string, unknown>>;
  readonly children: readonly MarkupNode[];

  constructor(type: TagName | typeof Fragment, props: Record<string, unknown>, children: MarkupNode[]) {
    this.type = type;
    this.props = props;
    this.children = children;
  }
}

/** Anything that can be a child: `null`, `undefined` and `false` render nothing; arrays are flattened. */
export type MarkupNode = MarkupElement | string | null | undefined | false | readonly MarkupNode[];

/** A function component: called at once by `h()` with its props and `children`. */
export type Component<P> = (props: P) => MarkupElement;

const TYPE_NAME = /^[a-zA-Z][a-zA-Z0-9-:]*$/;

/**
 * Builds an element, like React's `createElement`. A component is called right away (the pages'
 * components are pure), with `children` set as React sets it: absent, the one child, or an array.
 * `key` is dropped.
 *
 * @example
 * h("p", { className: "site" }, h("a", { href: origin }, host))
 */
export function h<P extends object>(
  type: Component<P>,
  props: NoInfer<P> & { key?: string | number },
  ...children: MarkupNode[]
): MarkupElement;
export function h(type: typeof Fragment, props: null, ...children: MarkupNode[]): MarkupElement;
export function h(type: TagName, props: Attributes | null, ...children: MarkupNode[]): MarkupElement;
export function h<P extends object>(
  type: Component<P> | typeof Fragment | TagName,
  props: (P & { key?: string | number }) | Attributes | null,
  ...children: MarkupNode[]
): MarkupElement {
  const rest: Record<string, unknown> = { ...props };
  Reflect.deleteProperty(rest, "key");
  if (typeof type === "function") {
    // Only the first overload passes a function, and with it that component's own props.
    const input = {
      ...(rest as P),
      ...(children.length > 0 && { children: children.length === 1 ? children[0] : children }),
    };
    return type(input);
  }
  if (type === Fragment) {
    if (props !== null) throw new TypeError("h: a Fragment takes no props");
    return new MarkupElement(Fragment, {}, children);
  }
  if (typeof type !== "string" || !TYPE_NAME.test(type)) {
    throw new TypeError(`h: unsupported element type ${String(type)}`);
  }
  return new MarkupElement(type, rest, children);
}
