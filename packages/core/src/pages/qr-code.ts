import { isPlainQrSvg } from "../two-factor/plain-qr-svg.ts";
import { Fragment, h, type MarkupElement } from "./lib/h.ts";

const TAG = /<(svg|rect|path)((?:\s+[a-zA-Z]+="[^"]*")*)\s*\/?>/g;
const ATTRIBUTE = /\s+([a-zA-Z]+)="([^"]*)"/g;

/** The attributes of the first `<name …>` tag in `svg`. */
function attributesOf(svg: string, name: "svg" | "rect" | "path"): Record<string, string> {
  for (const [, tag, attributes = ""] of svg.matchAll(TAG)) {
    if (tag === name)
      return Object.fromEntries([...attributes.matchAll(ATTRIBUTE)].map(([, k, v]) => [k, v]));
  }
  return {};
}

/**
 * The enrolment QR code, inline: `qrSvg()`'s markup (an <svg> of one <rect> and one <path>) rebuilt
 * as elements, so it goes through the renderer's escaping like every other value and no page needs
 * raw HTML. Only those elements and their geometry and colours are carried over; markup of any other
 * shape (which `qrSvg()` refuses to produce) renders nothing. The code is an image with a name; the
 * page shows the key as text too, for whoever cannot scan it.
 */
export function QrCode({ svg, label }: { svg: string; label: string }): MarkupElement {
  if (!isPlainQrSvg(svg)) return h(Fragment, null);
  const root = attributesOf(svg, "svg");
  const rect = attributesOf(svg, "rect");
  const path = attributesOf(svg, "path");
  return h(
    "div",
    { className: "qr", role: "img", "aria-label": label },
    h(
      "svg",
      { xmlns: root.xmlns, viewBox: root.viewBox },
      h("rect", { fill: rect.fill, width: rect.width, height: rect.height }),
      h("path", { fill: path.fill, d: path.d }),
    ),
  );
}
