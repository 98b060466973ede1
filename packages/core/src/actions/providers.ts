import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { PublicProvider } from "../providers/types.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";

/**
 * `GET providers`: every configured provider with its sign-in and callback URLs, in Auth.js's shape
 * (`BASE/signin/<id>`, `BASE/callback/<id>`) for every entry. The Password provider is listed as
 * `credentials`: an Auth.js client then posts `signIn("password", { email, password })` to its
 * callback URL, which is where Gatehouse takes password sign-ins. Passkeys, when on, are listed as
 * `passkey` of type `webauthn`, as Auth.js lists its WebAuthn provider.
 */
export function providersAction(ctx: RequestContext): Outcome {
  const body: Record<string, PublicProvider> = {};
  for (const provider of ctx.config.providers.values()) {
    const type = provider.type === "password" ? "credentials" : provider.type;
    body[provider.id] = listed(ctx, { id: provider.id, name: provider.name, type });
  }
  if (ctx.config.passkeys) {
    body[PASSKEY_PROVIDER_ID] = listed(ctx, { id: PASSKEY_PROVIDER_ID, name: "Passkey", type: "webauthn" });
  }
  return json(body);
}

function listed(ctx: RequestContext, entry: Pick<PublicProvider, "id" | "name" | "type">): PublicProvider {
  return {
    ...entry,
    signinUrl: `${ctx.baseUrl}/signin/${entry.id}`,
    callbackUrl: `${ctx.baseUrl}/callback/${entry.id}`,
  };
}
