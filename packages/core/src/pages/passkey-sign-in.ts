import type { Translator } from "../i18n/translator.ts";
import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { h, type MarkupElement } from "./lib/h.ts";
import { passkeyScriptWords } from "./passkey-script.ts";

/**
 * The sign-in page's passkey part: a "Sign in with a passkey" button and, with passkey-only
 * sign-up, the link to it. Hidden until the page's script (passkey-script.ts) finds the browser
 * able to use passkeys, so a browser without them, or without JavaScript, never shows a button
 * that does nothing. The data attributes are what the script posts: the same CSRF token and
 * callback URL as the page's forms, and the words it may show, in the page's language.
 */
export function PasskeySignIn(props: {
  i18n: Translator;
  baseUrl: string;
  csrfToken: string;
  callbackUrl: string;
  signUp: boolean;
  /** An <hr> after it, before the other ways to sign in. */
  separator: boolean;
}): MarkupElement {
  const { i18n } = props;
  return h(
    "div",
    {
      hidden: true,
      "data-passkey": "signin",
      "data-base": props.baseUrl,
      "data-csrf-token": props.csrfToken,
      "data-callback-url": props.callbackUrl,
      ...passkeyScriptWords(i18n, "PasskeyInvalid"),
    },
    h(
      "div",
      { className: "stack" },
      h("button", { type: "button", className: "button" }, i18n.t("signin.withPasskey")),
      props.signUp
        ? h(AccountLinks, {
            links: [
              {
                href: accountPageUrl(props.baseUrl, "passkey-signup", props.callbackUrl),
                text: i18n.t("signin.passkeySignUp"),
              },
            ],
          })
        : null,
    ),
    props.separator ? h("hr", null) : null,
  );
}
