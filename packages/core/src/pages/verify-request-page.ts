import type { MessageKey } from "../i18n/messages/en.ts";
import type { Translator } from "../i18n/translator.ts";
import { HiddenFields } from "./hidden-fields.ts";
import { Fragment, h, type MarkupElement } from "./lib/h.ts";
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

/**
 * "Send again": the same address posted once more to the endpoint that mailed it (with `resent`, so
 * the page that follows says it went). A plain form: it works without JavaScript.
 */
function ResendForm(props: {
  i18n: Translator;
  email: string;
  action: string;
  csrfToken: string;
  callbackUrl: string;
}): MarkupElement {
  return h(
    Fragment,
    null,
    h("p", null, props.i18n.t("verifyRequest.notReceived")),
    h(
      "form",
      { method: "post", action: props.action, className: "links resend" },
      h(HiddenFields, { csrfToken: props.csrfToken, callbackUrl: props.callbackUrl }),
      h("input", { type: "hidden", name: "email", defaultValue: props.email }),
      h("input", { type: "hidden", name: "resent", defaultValue: "1" }),
      h("button", { type: "submit", className: "link-button" }, props.i18n.t("verifyRequest.resend")),
    ),
  );
}

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
  const email = typeof model.email === "string" && model.email !== "" ? model.email : null;
  const content = h(
    "div",
    null,
    h("h1", null, title),
    model.resent === true
      ? h("div", { className: "notice", role: "status" }, i18n.t("verifyRequest.resent"))
      : null,
    h("p", null, i18n.t(TEXT[kind], { duration: lifetime(i18n, model.resetMaxAge) })),
    email ? h("p", null, i18n.t("verifyRequest.address", { email })) : null,
    email && model.resend ? h(ResendForm, { i18n, email, ...model.resend }) : null,
    h(SiteLink, { origin: context.origin }),
  );
  return { title, status: 200, content, css: themeCss(context.theme) };
}
