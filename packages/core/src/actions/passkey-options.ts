import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { CredentialRequestOptionsJSON } from "../passkeys/ceremonies.ts";
import { CHALLENGE_MAX_AGE_S } from "../passkeys/challenge-cookie.ts";
import { passkeySettings, startCeremony } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/**
 * `POST passkey-options` (JSON): the options for `navigator.credentials.get()` — a fresh challenge,
 * user verification required, no credential list, so the browser offers the person's discoverable
 * passkeys (a button, or autofill with `mediation: "conditional"`). The challenge goes into this
 * browser's challenge cookie; `passkey-signin` checks the answer. Answers `{ options }`.
 *
 * Not rate limited: it stores nothing and checks nothing (as `GET csrf`), and every sign-in page view
 * asks for it to offer passkeys in autofill — behind a shared address a limit here would quietly
 * switch autofill off. `passkey-signin`, which verifies, is limited.
 */
export async function passkeyOptionsAction(
  ctx: RequestContext,
  _route: unknown,
  _services: Services,
): Promise<Outcome> {
  return json({ options: await startAuthentication(ctx) });
}

/** Starts a sign-in ceremony (for this endpoint and Auth.js v5's `GET webauthn-options`): its options. */
export async function startAuthentication(ctx: RequestContext): Promise<CredentialRequestOptionsJSON> {
  const { settings } = passkeySettings(ctx);
  const options = await settings.webAuthn.authenticationOptions({
    rp: settings.rp,
    timeoutMs: CHALLENGE_MAX_AGE_S * 1000,
  });
  await startCeremony(ctx, { kind: "authenticate", challenge: options.challenge });
  return options;
}
