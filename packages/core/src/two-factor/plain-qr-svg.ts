/**
 * The one shape of QR code markup a page inlines: what `@gatehouse/two-factor`'s `qrSvg` draws (one
 * `<rect>` background and one `<path>` of modules), checked again by core before any page or JSON
 * answer carries it — the drawing comes from a package the app passes in, and an SVG is markup.
 */
const ELEMENTS = new Set(["svg", "path", "rect"]);
const ATTRIBUTES = new Set(["xmlns", "viewBox", "fill", "width", "height", "d"]);
/** One tag: name, then its attributes; nothing but tags may appear, so no text and no comments. */
const TAG = /<\/?([a-zA-Z]+)((?:\s+[a-zA-Z]+="[^"<>]*")*)\s*\/?>/y;
const ATTRIBUTE = /\s+([a-zA-Z]+)="([^"]*)"/g;
/** Numbers, path commands, colour names and the SVG namespace URL: no `url(`, no `javascript:`. */
const VALUE = /^(?:[a-zA-Z0-9 .,#-]*|http:\/\/www\.w3\.org\/2000\/svg)$/;

/** True when `svg` is tags only, each an allowed element with allowed attributes and plain values. */
export function isPlainQrSvg(svg: string): boolean {
  const tag = new RegExp(TAG); // its own `lastIndex`: a sticky regex is state, kept per call
  while (tag.lastIndex < svg.length) {
    const match = tag.exec(svg);
    if (!match) return false;
    const [, name = "", attributes = ""] = match;
    if (!ELEMENTS.has(name)) return false;
    for (const [, attribute = "", value = ""] of attributes.matchAll(ATTRIBUTE)) {
      if (!ATTRIBUTES.has(attribute) || !VALUE.test(value)) return false;
    }
  }
  return svg.startsWith("<svg");
}
