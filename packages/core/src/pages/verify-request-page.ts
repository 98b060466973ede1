import type { MessageKey } from "../i18n/messages/en.ts";
import type { Translator } from "../i18n/translator.ts";
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
const TEXT: Readonly<Record<Kind, MessageKey>> = {
  signin: "verifyRequest.signin",
  signup: "verifyRequest.signup",
  "reset-password": "verifyRequest.resetPassword",
};

const HOUR = 3600;

/** "1 hour", "30 minutes", "2 days": how long a reset link works, in the page's language. */
function lifetime(i18n: Translator, seconds: unknown): string {
  const s = typeof seconds === "number" && Number.isFinite(seconds) && seconds > 0 ? seconds : HOUR;
  if (s < HOUR) return i18n.duration(Math.max(1, Math.round(s / 60)), "minute");
  if (s < 48 * HOUR) return i18n.duration(Math.round(s / HOUR), "hour");
  return i18n.duration(Math.round(s / (24 * HOUR)), "day");
}

/** GET BASE/verify-request: shown after a sign-in link, a sign-up or a reset request was mailed. */
export function verifyRequestPage(model: VerifyRequestModel, context: PageContext): PageView {
  const { i18n } = context;
  const kind: Kind =
    typeof model.kind === "string" && Object.hasOwn(TEXT, model.kind) ? model.kind : "signin";
  const title = i18n.t("verifyRequest.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h("p", null, i18n.t(TEXT[kind], { duration: lifetime(i18n, model.resetMaxAge) })),
    h(SiteLink, { origin: context.origin }),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
