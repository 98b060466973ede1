import { AuthError } from "../errors/auth-error.ts";
import { MethodNotAllowed } from "../errors/method-not-allowed.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { credentialField } from "./lib/passkeys.ts";
import { addPasskey } from "./passkey-register.ts";
import { passkeySignIn } from "./passkey-signin.ts";
import { passkeySignUp } from "./passkey-signup.ts";
import type { Services } from "./services.ts";

/**
 * `POST callback/passkey` with `action` and `data` (the credential's JSON): the end of a ceremony
 * that `GET webauthn-options/passkey` started, as Auth.js v5's `next-auth/webauthn` posts it
 * (CSRF-checked, with `callbackUrl`). Answers as every callback does: a redirect, `{url}` in JSON
 * mode.
 *
 * - `authenticate`: the passkey sign-in (`passkey-signin`).
 * - `register` signed in: the passkey is added to the account (`passkey-register`), then on to the
 *   callback URL.
 * - `register` signed out: passkey-only sign-up (`passkey-signup`): the "check your email" page, or
 *   the new account signed in when email verification is off.
 */
export async function passkeyCallback(ctx: RequestContext, services: Services): Promise<Outcome> {
  if (ctx.request.method !== "POST") throw new MethodNotAllowed(["POST"]);
  const credential = credentialField(ctx, "data");
  switch (ctx.body.action) {
    case "authenticate":
      return passkeySignIn(ctx, services, credential);
    case "register": {
      if ((await services.sessions.current(ctx)) === null) return passkeySignUp(ctx, services, credential);
      const callbackUrl = await ctx.callbackUrl();
      const added = await addPasskey(ctx, services, { credential, name: undefined });
      return "refused" in added ? added.refused : redirect(callbackUrl);
    }
    default:
      throw new AuthError("InvalidBody", { cause: "action must be authenticate or register" });
  }
}
