import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { RouteOf } from "./endpoint.ts";
import { passkeySettings } from "./lib/passkeys.ts";
import { startAuthentication } from "./passkey-options.ts";
import { startRegistration } from "./passkey-register-options.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";
import { startSignUp } from "./passkey-signup-options.ts";
import type { Services } from "./services.ts";

/**
 * `GET webauthn-options/passkey?action=…` (JSON): Auth.js v5's WebAuthn options endpoint, which its
 * own client (`next-auth/webauthn`, `signIn("passkey", …)`) asks before the browser's dialog; the
 * answer `{ action, options }` says which ceremony it started, and `POST callback/passkey` (with
 * `action` and the credential as `data`) finishes it. Each ceremony is the one Gatehouse's own
 * endpoints start (same challenge cookie, limits and rules):
 *
 * - `action=register` signed in: a passkey for the user (`passkey-register-options`: a recent sign-in).
 * - `action=register` signed out, with `email` (and `name`): passkey-only sign-up
 *   (`passkey-signup-options`) — whether or not the address has an account (**stricter**: Auth.js
 *   answers 400 for a known address, which tells that it has one).
 * - `action=authenticate`, or none signed out: a sign-in with a discoverable passkey
 *   (`passkey-options`). **Stricter**: an `email` never makes a credential list (Auth.js lists the
 *   address's passkeys, telling whether it has an account) and never turns the ceremony into sign-up.
 * - none signed in: 400 `InvalidBody`, as Auth.js refuses it (a signed-in user says what they want).
 *
 * A GET (Auth.js's client sends no CSRF token here): it changes nothing but this browser's
 * challenge cookie, and another site cannot read its answer.
 */
export async function webAuthnOptionsAction(
  ctx: RequestContext,
  { providerId }: RouteOf<"webauthn-options", "required">,
  services: Services,
): Promise<Outcome> {
  passkeySettings(ctx);
  if (providerId !== PASSKEY_PROVIDER_ID) throw new AuthError("UnknownProvider");
  // Answered in JSON whatever the client asked for, a 429 included.
  ctx.jsonMode = true;
  const query = ctx.url.searchParams;
  const action = query.get("action");
  if (action !== null && action !== "authenticate" && action !== "register") {
    throw new AuthError("InvalidBody", { cause: "action must be authenticate or register" });
  }
  const signedIn = (await services.sessions.current(ctx)) !== null;
  if (action === "register") {
    const started = signedIn
      ? await startRegistration(ctx, services)
      : await startSignUp(ctx, services, {
          email: query.get("email") ?? undefined,
          name: query.get("name") ?? undefined,
        });
    return "refused" in started ? started.refused : json({ action: "register", options: started.options });
  }
  if (action === null && signedIn) {
    throw new AuthError("InvalidBody", { cause: "a signed-in user names the action" });
  }
  return json({ action: "authenticate", options: await startAuthentication(ctx) });
}
