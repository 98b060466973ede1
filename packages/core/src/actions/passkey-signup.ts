import { issueLink } from "../accounts/account-links.ts";
import { sendInBackground } from "../accounts/account-mail.ts";
import { generationOf } from "../accounts/security-generation.ts";
import type { AdapterUser, StoredPasskey } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { reportNewUser, reportNewUserInBackground } from "../audit/report-account.ts";
import type { Account } from "../config/options.ts";
import { AuthError, hasErrorCode, isAuthError } from "../errors/auth-error.ts";
import { type Outcome, redirect } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { decideSignIn, finishSignIn } from "./lib/complete-sign-in.ts";
import {
  credentialField,
  type PasskeyAdapter,
  passkeySettings,
  scriptAnswer,
  takeCeremony,
} from "./lib/passkeys.ts";
import { PASSKEY_PROVIDER_ID } from "./passkey-signin.ts";
import type { Services } from "./services.ts";

/** A passkey made during sign-up gets this name; the person can rename it in the account console. */
const FIRST_PASSKEY_NAME = "Passkey";

/**
 * `POST passkey-signup` (JSON) with `response` (the new credential's JSON) and `callbackUrl`:
 * passkey-only sign-up's second step. The answer is checked against this browser's sign-up challenge
 * (spent first); then the account and its passkey are stored in one transaction.
 *
 * - With `requireEmailVerification` (default): a new account gets a verification link, an address
 *   that has an account a note that someone tried to sign up with it, and both the same answer,
 *   `{ url }` of the "check your email" page — nothing tells whether the address had an account.
 * - Without it, a new account is signed in at once (the passkey counts as both factors), its address
 *   still unverified — until its owner proves it, which claims the account for them; an address
 *   that has an account gets the note and the "check your email" answer, which therefore differs.
 *
 * `PasskeyRegistrationFailed` (400) when the answer does not verify, the reason logged.
 */
export async function passkeySignUpAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  return scriptAnswer(ctx, await passkeySignUp(ctx, services, credentialField(ctx)));
}

/**
 * The sign-up itself, for this endpoint and Auth.js v5's `POST callback/passkey` with `action:
 * "register"` signed out: a redirect (the "check your email" page, or on into the account).
 * `credential`: the body's credential field (`credentialField`).
 */
export async function passkeySignUp(
  ctx: RequestContext,
  services: Services,
  credential: unknown,
): Promise<Outcome> {
  const { settings, adapter } = passkeySettings(ctx);
  if (!settings.signUp) throw new AuthError("UnknownAction", { cause: "passkeys.signUp is false" });
  const callbackUrl = await ctx.callbackUrl();
  const ceremony = await takeCeremony(ctx, services, "signup");
  if (!ceremony) throw failed(ctx, "no sign-up challenge that opens, or one already used");
  const { userId, email, name } = ceremony;
  const passkey = await settings.webAuthn.verifyRegistration({
    response: credential,
    expectedChallenge: ceremony.challenge,
    rp: settings.rp,
    userId,
    name: FIRST_PASSKEY_NAME,
    now: ctx.now,
  });
  if ("error" in passkey) throw failed(ctx, passkey.cause);

  const account: Account = { provider: PASSKEY_PROVIDER_ID, type: "webauthn", providerAccountId: passkey.id };
  const user = { id: userId, email, name, image: null };
  if (!settings.requireEmailVerification) {
    // The account is signed in at once: the app's `signIn` callback decides before it exists, so a
    // refusal leaves nothing behind.
    const refused = await decideSignIn(ctx, { user, account });
    if (refused) return refused;
  }
  // Never verified here, even when sign-in does not wait for it: nobody proved the address. An
  // account that called it verified would be an administrator by a bootstrap address, and would
  // keep its passkey when the address's owner turns up (pre-account hijacking: its claim strips
  // only unverified accounts).
  const stored: AdapterUser = { id: userId, email, name, emailVerified: null, image: null };
  const created = await createAccount(ctx, adapter, { user: stored, passkey });
  sendInBackground(ctx, settings, async () => {
    if (!created) {
      const signIn = new URL(`${ctx.baseUrl}/signin`);
      signIn.searchParams.set("callbackUrl", callbackUrl);
      return { kind: "account-exists", to: email, url: signIn.href, expires: null };
    }
    if (!settings.requireEmailVerification) return null;
    const link = await issueLink(ctx, adapter, {
      purpose: "verify-email",
      user: created,
      email,
      maxAge: settings.verifyMaxAge,
      callbackUrl,
    });
    return { kind: "verify-email", to: email, url: link.url, expires: link.expires };
  });

  if (created) {
    ctx.config.logger.info?.("PasskeyAdded", { userId, passkeyId: passkey.id });
    ctx.config.logger.debug?.("SignUp", { userId, method: "passkey" });
  }
  const signedUp = { method: PASSKEY_PROVIDER_ID, passkeyId: passkey.id };
  // In the background while the answer must not tell whether the address had an account.
  if (created && settings.requireEmailVerification) reportNewUserInBackground(ctx, stored, signedUp);
  else if (created) await reportNewUser(ctx, stored, signedUp);
  if (!created || settings.requireEmailVerification) return checkYourEmail(ctx);
  return finishSignIn(ctx, services, {
    user,
    account,
    isNewUser: true,
    callbackUrl,
    bothFactors: true,
    generation: generationOf(created),
  });
}

/** The account (with its passkey) as stored, or null when the address has an account already. */
async function createAccount(
  ctx: RequestContext,
  adapter: PasskeyAdapter,
  input: { user: AdapterUser; passkey: StoredPasskey },
): Promise<AdapterUser | null> {
  try {
    return (await callAdapter(adapter, "createUserWithPasskey", input.user, input.passkey))?.user ?? null;
  } catch (error) {
    if (isAuthError(error) && hasErrorCode(error.cause, "Conflict")) {
      throw failed(ctx, "a passkey with this credential id, or a user with this id, is stored already");
    }
    throw error;
  }
}

/** Where sign-up sends the person: the "check your email" page (as password sign-up). */
function checkYourEmail(ctx: RequestContext): Outcome {
  const next = new URL(`${ctx.baseUrl}/verify-request`);
  next.searchParams.set("provider", PASSKEY_PROVIDER_ID);
  next.searchParams.set("type", "signup");
  return redirect(next.href);
}

function failed(ctx: RequestContext, cause: string): AuthError {
  ctx.config.logger.warn("PasskeyRegistrationFailed", { cause });
  return new AuthError("PasskeyRegistrationFailed", { cause });
}
