import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { CredentialCreationOptionsJSON } from "../passkeys/ceremonies.ts";
import { CHALLENGE_MAX_AGE_S } from "../passkeys/challenge-cookie.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { limit } from "./lib/limit.ts";
import { passkeySettings, startCeremony } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/** Names longer than this are cut: a display name, not a document. */
const NAME_LIMIT = 200;

/**
 * `POST passkey-signup-options` (JSON) with `email` and an optional `name`: passkey-only sign-up's
 * first step. Answers `{ options }` for `navigator.credentials.create()`, for an account that does
 * not exist yet: its id is chosen now (a random UUID, the passkey's user handle) and sealed with the
 * address into the challenge cookie. Whether the address has an account is not looked at here, so
 * the answer is the same either way. `EmailInvalid` (400) for an address sign-in would refuse.
 */
export async function passkeySignUpOptionsAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const started = await startSignUp(ctx, services, { email: ctx.body.email, name: ctx.body.name });
  return "refused" in started ? started.refused : json(started);
}

/**
 * Starts a sign-up ceremony for `email` (for this endpoint and Auth.js v5's `GET
 * webauthn-options?action=register` signed out): its options, or the answer that refuses.
 */
export async function startSignUp(
  ctx: RequestContext,
  services: Services,
  fields: { email: string | undefined; name: string | undefined },
): Promise<{ options: CredentialCreationOptionsJSON } | { refused: Outcome }> {
  const { settings } = passkeySettings(ctx);
  if (!settings.signUp) throw new AuthError("UnknownAction", { cause: "passkeys.signUp is false" });
  const email = normalizeEmail(fields.email);
  if (!email) throw new AuthError("EmailInvalid");
  const limited = await limit(ctx, services, "passkeySignUp", email);
  if (limited) return { refused: limited };
  const name = (typeof fields.name === "string" ? fields.name : "").trim().slice(0, NAME_LIMIT) || null;
  const userId = crypto.randomUUID();
  const options = await settings.webAuthn.registrationOptions({
    rp: settings.rp,
    user: { id: userId, email, name },
    existing: [],
    timeoutMs: CHALLENGE_MAX_AGE_S * 1000,
  });
  await startCeremony(ctx, { kind: "signup", challenge: options.challenge, userId, email, name });
  return { options };
}
