import type { ErrorOut, KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, htmlPage } from "./html.ts";

/** An error page showing the OAuth error code and description, both escaped. */
export function errorPage(out: ErrorOut): string {
  const description =
    out.error_description === undefined ? "" : `<p>${escapeHtml(out.error_description)}</p>\n`;
  return htmlPage(
    "Sign-in error",
    `<h1>Sign-in error</h1>
<p><code>${escapeHtml(out.error)}</code></p>
${description}`,
  );
}

/**
 * oidc-provider's `renderError` hook. Replacing the default also stops oidc-provider printing a
 * "you SHOULD change renderError" notice the first time an error page is shown.
 */
export async function renderError(ctx: KoaContextWithOIDC, out: ErrorOut): Promise<void> {
  ctx.type = "html";
  ctx.body = errorPage(out);
}
