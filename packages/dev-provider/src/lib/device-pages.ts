import type { KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml, htmlPage } from "./html.ts";

// oidc-provider's device flow (RFC 8628) user pages. It builds each form itself (with its XSRF
// field); these pages only wrap it, in the dev provider's plain style. Replacing the defaults also
// stops the "you SHOULD change userCodeInputSource…" notices and their remote web-font import.

/** `GET /device` (and after a wrong code): the form where the person types the user code. */
export async function userCodeInputSource(
  ctx: KoaContextWithOIDC,
  form: string,
  _out: unknown,
  error?: { name?: string; userCode?: string },
): Promise<void> {
  let message = "Enter the code shown on your device.";
  if (error?.name === "AbortedError") message = "The sign-in was cancelled. The device was told.";
  else if (error?.userCode !== undefined || error?.name === "NoCodeError") {
    message = "That code is unknown, expired or already used. Try again.";
  } else if (error !== undefined) message = "The code could not be checked. Try again.";
  const role = error === undefined ? "" : ` class="error" role="alert"`;
  ctx.type = "html";
  ctx.body = htmlPage(
    "Device sign-in",
    `<h1>Device sign-in</h1>
<p${role}>${escapeHtml(message)}</p>
${form}
<button type="submit" form="op.deviceInputForm">Continue</button>`,
  );
}

/** After a valid code: confirm (go on to the login form) or abort (the device gets access_denied). */
export async function userCodeConfirmSource(
  ctx: KoaContextWithOIDC,
  form: string,
  client: { clientId: string },
  _deviceInfo: unknown,
  userCode: string,
): Promise<void> {
  ctx.type = "html";
  ctx.body = htmlPage(
    "Confirm device",
    `<h1>Confirm device</h1>
<p><strong>${escapeHtml(client.clientId)}</strong> asks to sign in on a device showing the code <code>${escapeHtml(userCode)}</code>.</p>
<p>Continue only if your device shows this code.</p>
${form}
<button type="submit" form="op.deviceConfirmForm">Continue</button>
<button type="submit" form="op.deviceConfirmForm" name="abort" value="yes">Abort</button>`,
  );
}

/** The end of the person's part: the device's next poll gets its tokens. */
export async function successSource(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.type = "html";
  ctx.body = htmlPage(
    "Device signed in",
    `<h1>Device signed in</h1>
<p>You can close this page and go back to your device.</p>`,
  );
}
