import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { PublicProvider } from "../providers/types.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";

/**
 * `GET providers`: every configured provider with its sign-in and callback URLs. The Password
 * provider is listed as `credentials`: an Auth.js client then posts `signIn("password", { email,
 * password })` to its callback URL, which is where Gatehouse takes password sign-ins. Passkeys, when
 * on, are listed as `passkey` of type `webauthn`.
 */
export function providersAction(ctx: RequestContext): Outcome {
  const body: Record<string, PublicProvider> = {};
  for (const provider of ctx.config.providers.values()) {
    body[provider.id] = {
      id: provider.id,
      name: provider.name,
      type: provider.type === "password" ? "credentials" : provider.type,
      signinUrl: `${ctx.baseUrl}/signin/${provider.id}`,
      callbackUrl: `${ctx.baseUrl}/callback/${provider.id}`,
    };
  }
  // Passkeys, as Auth.js lists its WebAuthn provider: a client that knows `webauthn` offers the button.
  if (ctx.config.passkeys) {
    body[PASSKEY_PROVIDER_ID] = {
      id: PASSKEY_PROVIDER_ID,
      name: "Passkey",
      type: "webauthn",
      signinUrl: `${ctx.baseUrl}/passkey-options`,
      callbackUrl: `${ctx.baseUrl}/passkey-signin`,
    };
  }
  return json(body);
}
