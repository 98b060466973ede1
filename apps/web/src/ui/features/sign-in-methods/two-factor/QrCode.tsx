import { createElement, type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";

// The server draws the QR code as one `<svg>` with a `<rect>` background and a `<path>` of modules
// (core's qr-svg.ts, which checks that shape). It is still never inserted as markup: it is parsed and
// rebuilt as React elements from an allow-list of elements and attributes with plain values, so not
// even a changed server could put a script, a link, a style or text into this page.
const ELEMENTS = new Set(["rect", "path"]);
const ATTRIBUTES = new Set(["fill", "width", "height", "x", "y", "d"]);
const VALUE = /^[a-zA-Z0-9 .,#-]*$/;

/** The SVG's viewBox and its children as React elements; null when it is anything else. */
function rebuild(svg: string): { viewBox: string; children: ReactNode[] } | null {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  const root = doc.documentElement;
  if (root.localName !== "svg" || root.namespaceURI !== "http://www.w3.org/2000/svg") return null;
  const viewBox = root.getAttribute("viewBox");
  if (!viewBox || !/^[\d .]+$/.test(viewBox)) return null;
  const children: ReactNode[] = [];
  for (const [index, child] of Array.from(root.children).entries()) {
    if (!ELEMENTS.has(child.localName) || child.children.length > 0) return null;
    const props: Record<string, string | number> = { key: index };
    for (const { name, value } of Array.from(child.attributes)) {
      if (!ATTRIBUTES.has(name) || !VALUE.test(value)) return null;
      props[name] = value;
    }
    children.push(createElement(child.localName, props));
  }
  return { viewBox, children };
}

/** The enrolment QR code, named for assistive technology; nothing when the server's SVG is not one. */
export function QrCode({ svg }: { svg: string }) {
  const { t } = useTranslation("account");
  const drawn = useMemo(() => rebuild(svg), [svg]);
  if (!drawn) return <p className="muted">{t("twoFactor.enrol.qrUnusable")}</p>;
  return (
    <svg className="qr-code" viewBox={drawn.viewBox} role="img" aria-label={t("twoFactor.enrol.qr")}>
      {drawn.children}
    </svg>
  );
}
