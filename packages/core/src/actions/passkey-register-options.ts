import { callAdapter } from "../adapter/call-adapter.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { CredentialCreationOptionsJSON } from "../passkeys/ceremonies.ts";
import { CHALLENGE_MAX_AGE_S } from "../passkeys/challenge-cookie.ts";
import { passkeyUser } from "./lib/passkey-user.ts";
import { startCeremony } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/**
 * `POST passkey-register-options` (JSON), for the signed-in user: the options for
 * `navigator.credentials.create()` — a discoverable credential with user verification, the user's
 * passkeys excluded. The challenge, bound to this user, goes into the challenge cookie;
 * `passkey-register` checks the answer. Answers `{ options }`.
 */
export async function passkeyRegisterOptionsAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const started = await startRegistration(ctx, services);
  return "refused" in started ? started.refused : json(started);
}

/**
 * Starts a ceremony that adds a passkey to the signed-in user's account (for this endpoint and Auth.js
 * v5's `GET webauthn-options?action=register`): its options, or the answer that refuses.
 */
export async function startRegistration(
  ctx: RequestContext,
  services: Services,
): Promise<{ options: CredentialCreationOptionsJSON } | { refused: Outcome }> {
  const signedIn = await passkeyUser(ctx, services, { recent: true });
  if ("refused" in signedIn) return signedIn;
  const { adapter, user, settings } = signedIn;
  const options = await settings.webAuthn.registrationOptions({
    rp: settings.rp,
    user: { id: user.id, email: user.email, name: user.name ?? null },
    existing: await callAdapter(adapter, "listPasskeys", user.id),
    timeoutMs: CHALLENGE_MAX_AGE_S * 1000,
  });
  await startCeremony(ctx, { kind: "register", challenge: options.challenge, userId: user.id });
  return { options };
}
