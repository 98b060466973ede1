import type { Theme } from "../config/options.ts";
import type { Translator } from "../i18n/translator.ts";
import { renderHtmlDocument } from "./html-document.ts";
import { h } from "./lib/h.ts";
import type { PageView, RenderedPage } from "./page-model.ts";
import { themeCss } from "./theme.ts";

/**
 * Submits the one form on the page. Through the prototype, because a posted field named `submit`
 * would shadow `form.submit`. Script text is written as is (only `<script` would be escaped).
 */
const AUTO_SUBMIT = "HTMLFormElement.prototype.submit.call(document.forms[0])";

/**
 * Like the other pages, but with one script (allowed by its nonce) and no `form-action` directive
 * (the re-submitted POST ends in a redirect that may leave the origin; see render-page.ts).
 */
function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' https: data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

interface RelayInput {
  action: string;
  fields: ReadonlyArray<readonly [string, string]>;
  theme: Theme;
  /** The request's language. */
  i18n: Translator;
}

/** The relay page's content; its one script carries `nonce`. */
export function formPostRelayView(input: RelayInput, nonce: string): PageView {
  const title = input.i18n.t("relay.title");
  const content = h(
    "div",
    null,
    h("h1", null, title),
    h(
      "form",
      { method: "post", action: input.action, className: "stack" },
      ...input.fields.map(([name, value], index) =>
        h("input", { key: index, type: "hidden", name, defaultValue: value }),
      ),
      h("button", { type: "submit", className: "button" }, input.i18n.t("common.continue")),
    ),
    h("script", { nonce }, AUTO_SUBMIT),
  );
  return { title, status: 200, content, css: themeCss(input.theme) };
}

/**
 * A same-origin page that POSTs `fields` to `action` at once (a "Continue" button does it without
 * JavaScript). Used for `form_post` callbacks: the provider's cross-site POST arrives without our
 * `SameSite=Lax` cookies; the same fields posted from our own page arrive with them. The fields (an
 * authorization code among them) sit only in this `no-store` body, never in a URL.
 */
export function renderFormPostRelayPage(input: RelayInput): RenderedPage {
  const nonce = crypto.randomUUID();
  const view = formPostRelayView(input, nonce);
  return renderHtmlDocument({
    status: view.status,
    title: view.title,
    i18n: input.i18n,
    theme: input.theme,
    css: view.css ?? "",
    content: view.content,
    csp: contentSecurityPolicy,
    nonce,
  });
}
