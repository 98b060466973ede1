import { keepOrUndo, sessionStillStored } from "../accounts/guarded-change.ts";
import { generationOf } from "../accounts/security-generation.ts";
import type { StoredPasskey } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError, hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { passkeyName } from "../passkeys/passkey-name.ts";
import { passkeyUser } from "./lib/passkey-user.ts";
import { credentialField, passkeyInfo, takeCeremony } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/** The name a passkey gets when the person gives none. */
const DEFAULT_NAME = "Passkey";

/**
 * `POST passkey-register` (JSON) with `response` (the credential's JSON) and an optional `name`, for
 * the signed-in user: checks the answer against this browser's challenge for this user (spent first)
 * and stores the passkey — its public key only. Answers `{ passkey }`, or `PasskeyRegistrationFailed`
 * (400) with the reason logged; an unusable name is `InvalidBody`.
 */
export async function passkeyRegisterAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const added = await addPasskey(ctx, services, { credential: credentialField(ctx), name: ctx.body.name });
  return "refused" in added ? added.refused : json({ passkey: passkeyInfo(added.passkey) });
}

/**
 * Adds a passkey to the signed-in user's account, for this endpoint and Auth.js v5's `POST
 * callback/passkey` with `action: "register"`: the stored passkey, or the answer that refuses
 * (throws `PasskeyRegistrationFailed`, `InvalidBody`, `SessionRequired`).
 */
export async function addPasskey(
  ctx: RequestContext,
  services: Services,
  input: { credential: unknown; name: string | undefined },
): Promise<{ passkey: StoredPasskey } | { refused: Outcome }> {
  const signedIn = await passkeyUser(ctx, services);
  if ("refused" in signedIn) return signedIn;
  const { adapter, user, settings, current } = signedIn;
  const given = input.name;
  const name = given === undefined || given.trim() === "" ? DEFAULT_NAME : passkeyName(given);
  if (name === null) throw new AuthError("InvalidBody", { cause: "the passkey name is unusable" });
  const ceremony = await takeCeremony(ctx, services, "register");
  if (!ceremony || ceremony.userId !== user.id) {
    throw failed(ctx, user.id, "no registration challenge of this user that opens, or one already used");
  }
  const passkey = await settings.webAuthn.verifyRegistration({
    response: input.credential,
    expectedChallenge: ceremony.challenge,
    rp: settings.rp,
    userId: user.id,
    name,
    now: ctx.now,
  });
  if ("error" in passkey) throw failed(ctx, user.id, passkey.cause);
  await sessionStillStored(ctx, services, current);
  let stored: StoredPasskey;
  try {
    stored = await callAdapter(adapter, "createPasskey", passkey);
  } catch (error) {
    // The same credential stored already (excludeCredentials makes a browser refuse this before).
    if (isAuthError(error) && hasErrorCode(error.cause, "Conflict")) {
      throw failed(ctx, user.id, "a passkey with this credential id is stored already");
    }
    throw error;
  }
  // A new way in, kept only if no security change (the owner claiming the account) ended this
  // session meanwhile.
  await keepOrUndo(ctx, {
    userId: user.id,
    seen: generationOf(user),
    undo: () => callAdapter(adapter, "deletePasskey", user.id, stored.id),
  });
  ctx.config.logger.info?.("PasskeyAdded", { userId: user.id, passkeyId: stored.id });
  const detail = { passkeyId: stored.id, name: stored.name };
  await recordAudit(ctx, { kind: "passkey-added", actorId: user.id, subjectId: user.id, detail });
  return { passkey: stored };
}

function failed(ctx: RequestContext, userId: string, cause: string): AuthError {
  ctx.config.logger.warn("PasskeyRegistrationFailed", { userId, cause });
  return new AuthError("PasskeyRegistrationFailed", { cause });
}
