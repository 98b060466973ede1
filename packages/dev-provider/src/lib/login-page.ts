import { escapeHtml, htmlPage } from "./html.ts";

export interface LoginPageOptions {
  /** Interaction uid; the form posts back to `/interaction/:uid`. */
  uid: string;
  /** The client asking for the sign-in, shown so a developer can tell flows apart. */
  clientId: string;
  /** What was typed last time, re-filled after an error. */
  userName?: string;
  error?: string;
}

/**
 * The dev provider's sign-in page: any user name, no password. A plain form POST, so it works
 * without JavaScript and in any test driver. Every reflected value is escaped.
 */
export function loginPage(options: LoginPageOptions): string {
  const action = `/interaction/${encodeURIComponent(options.uid)}`;
  const error =
    options.error === undefined ? "" : `<p class="error" role="alert">${escapeHtml(options.error)}</p>\n`;
  // No `required` on the input: the server's own check is the one tests exercise, and a browser
  // would otherwise block the empty submission before it got there.
  return htmlPage(
    "Sign in",
    `<h1>Sign in</h1>
<p>Development sign-in for <strong>${escapeHtml(options.clientId)}</strong>. Any user name works; there is no password.</p>
${error}<form method="post" action="${escapeHtml(action)}">
<label for="username">User name</label>
<input id="username" name="username" type="text" autocomplete="username" autofocus value="${escapeHtml(options.userName ?? "")}">
<button type="submit">Sign in</button>
</form>`,
  );
}
