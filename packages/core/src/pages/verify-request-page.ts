import { h } from "./lib/h.ts";
import type { PageContext, PageView } from "./page-model.ts";
import { SiteLink } from "./site-link.ts";
import { themeCss } from "./theme.ts";

/** GET BASE/verify-request: shown after a sign-in email was sent. */
export function verifyRequestPage(context: PageContext): PageView {
  const content = h(
    "div",
    null,
    h("h1", null, "Check your email"),
    h("p", null, "A sign in link has been sent to your email address."),
    h(SiteLink, { origin: context.origin }),
  );
  return { title: "Check your email", status: 200, content, css: themeCss(context.theme) };
}
