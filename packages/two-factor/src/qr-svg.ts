import { isPlainQrSvg } from "@gatehouse/core/two-factor";
import { renderSVG } from "uqr";

/**
 * The enrolment QR code as an SVG string, to inline in a page (no image request, no data URL, no
 * third-party QR service that would see the secret).
 *
 * Safe to inline by construction: uqr draws the code as one `<rect>` background and one `<path>`
 * of modules, so the encoded text never appears in the markup and cannot inject any. The output is
 * still checked against that shape before it is returned — only `svg`, `path` and `rect` elements,
 * only geometry and colour attributes, no text — so a change in the dependency that broke the
 * promise fails loudly instead of reaching a page.
 *
 * Error correction M (15 %) with the standard 4-module quiet zone: phone cameras read it from a
 * screen at any size; the SVG has a viewBox and no width, so it scales to its container. It is an
 * image without a name: the page gives it one (`role="img"` and `aria-label` on its wrapper) and
 * shows the key as text beside it for people who cannot scan.
 *
 * @example const svg = qrSvg(totpUri({ secret, issuer: "Acme", account: user.email }))
 */
export function qrSvg(text: string): string {
  const svg = renderSVG(text, { ecc: "M", border: 4 });
  if (!isPlainQrSvg(svg))
    throw new Error("uqr returned an SVG with unexpected markup; refusing to inline it.");
  return svg;
}
