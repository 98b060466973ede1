/**
 * Headers for the app's HTML. The built UI loads only its own scripts and styles, so the policy
 * can forbid everything else: no inline script to inject into, no framing (clickjacking of the
 * sign-out button), no `<base>` hijacking, no plugins. Images may also come from https origins: a
 * profile picture is a URL the person chose (the page sends no referrer with it).
 */
export const HTML_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' https:; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
  // URLs can carry callback URLs and error codes; they need not reach other sites. `same-origin`
  // (not `no-referrer`) so the app's own fetches to the auth endpoint carry a real Origin header.
  "Referrer-Policy": "same-origin",
  "X-Content-Type-Options": "nosniff",
};
