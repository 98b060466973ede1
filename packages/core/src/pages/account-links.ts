import { h, type MarkupElement } from "./lib/h.ts";

/** BASE/<page>, carrying the callback URL on so the person still lands where they were going. */
export function accountPageUrl(
  baseUrl: string,
  page: "signin" | "signup" | "forgot-password" | "passkey-signup",
  callbackUrl: string,
): string {
  const query = callbackUrl ? `?callbackUrl=${encodeURIComponent(callbackUrl)}` : "";
  return `${baseUrl}/${page}${query}`;
}

/** A row of plain links between the account pages ("Forgot password?", "Sign in"). */
export function AccountLinks({ links }: { links: readonly { href: string; text: string }[] }): MarkupElement {
  return h(
    "p",
    { className: "links" },
    links.map((link) => h("a", { key: link.href, href: link.href }, link.text)),
  );
}
