import { h } from "./lib/h.ts";
import type { PageContext, PageModel, PageView } from "./page-model.ts";
import { SiteLink } from "./site-link.ts";
import { themeCss } from "./theme.ts";

type VerifyRequestModel = Extract<PageModel, { page: "verify-request" }>;
type Kind = NonNullable<VerifyRequestModel["kind"]>;

/*
 * The reset text says "if": the page looks the same whether or not an account uses the address,
 * so it cannot be used to find out which addresses have accounts.
 */
const TEXT: Readonly<Record<Kind, string>> = {
  signin: "A sign in link has been sent to your email address.",
  signup: "We sent a link to confirm your address.",
  "reset-password":
    "If an account uses this address, we sent a link to reset the password. It works for one hour.",
};

/** GET BASE/verify-request: shown after a sign-in link, a sign-up or a reset request was mailed. */
export function verifyRequestPage(model: VerifyRequestModel, context: PageContext): PageView {
  const kind: Kind =
    typeof model.kind === "string" && Object.hasOwn(TEXT, model.kind) ? model.kind : "signin";
  const content = h(
    "div",
    null,
    h("h1", null, "Check your email"),
    h("p", null, TEXT[kind]),
    h(SiteLink, { origin: context.origin }),
  );
  return { title: "Check your email", status: 200, content, css: themeCss(context.theme) };
}
