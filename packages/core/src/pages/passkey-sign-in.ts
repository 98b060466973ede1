import { errorCatalogue } from "../errors/catalogue.ts";
import { AccountLinks, accountPageUrl } from "./account-links.ts";
import { h, type MarkupElement } from "./lib/h.ts";

/**
 * The sign-in page's passkey part: a "Sign in with a passkey" button and, with passkey-only
 * sign-up, the link to it. Hidden until the page's script (passkey-script.ts) finds the browser
 * able to use passkeys, so a browser without them, or without JavaScript, never shows a button
 * that does nothing. The data attributes are what the script posts: the same CSRF token and
 * callback URL as the page's forms.
 */
export function PasskeySignIn(props: {
  baseUrl: string;
  csrfToken: string;
  callbackUrl: string;
  signUp: boolean;
  /** An <hr> after it, before the other ways to sign in. */
  separator: boolean;
}): MarkupElement {
  return h(
    "div",
    {
      hidden: true,
      "data-passkey": "signin",
      "data-base": props.baseUrl,
      "data-csrf-token": props.csrfToken,
      "data-callback-url": props.callbackUrl,
      "data-failure": errorCatalogue.PasskeyInvalid.message,
    },
    h(
      "div",
      { className: "stack" },
      h("button", { type: "button", className: "button" }, "Sign in with a passkey"),
      props.signUp
        ? h(AccountLinks, {
            links: [
              {
                href: accountPageUrl(props.baseUrl, "passkey-signup", props.callbackUrl),
                text: "Create an account with a passkey",
              },
            ],
          })
        : null,
    ),
    props.separator ? h("hr", null) : null,
  );
}
