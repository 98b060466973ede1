import type { StoredAuditEntry } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { ErrorCode } from "../errors/catalogue.ts";
import { emitEvent } from "../events/emit-event.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { SecondFactor, SignInResult } from "../session/session-strategy.ts";
import { auditOn, recordAudit } from "./record-audit.ts";

/**
 * A session was issued: the `sign-in` audit entry, then the app's `signIn` event (Auth.js's message).
 *
 * @example await reportSignIn(ctx, signIn, "totp")
 */
export async function reportSignIn(
  ctx: RequestContext,
  signIn: SignInResult,
  secondFactor: SecondFactor,
): Promise<void> {
  const { user, account, profile, isNewUser } = signIn;
  await recordAudit(ctx, {
    kind: "sign-in",
    actorId: user.id,
    subjectId: user.id,
    detail: { method: account.provider, newUser: isNewUser, secondFactor },
  });
  await emitEvent(ctx, "signIn", { user, account, ...(profile ? { profile } : {}), isNewUser });
}

/** Why and how a sign-in failed, and whose account it was when that is known. */
export interface SignInFailure {
  /** The catalogue code the person got (`CredentialsSignin`, `TwoFactorCodeInvalid`, …). */
  reason: ErrorCode;
  /** The provider id (`password`, `passkey`, a credentials provider's id). */
  method: string;
  /** The account, when the request identified one (a passkey, the pending second step). */
  userId?: string | null;
  /** The address typed, when that is all there is: it is looked up, never stored. */
  email?: string;
  /** More facts (`secondFactor`, `lockout`): never what was typed. */
  detail?: StoredAuditEntry["detail"];
}

/**
 * A refused sign-in: a `sign-in-failed` entry with the reason and the method, and as subject the
 * account when there is one. Nobody is the actor: no one proved who they are.
 *
 * The address typed for an account that does not exist is NOT stored. It would help an operator
 * spot a misspelt address or an enumeration, but it is personal data anyone can type — someone
 * else's address, a password typed in the wrong field — kept for the retention period in a log
 * nobody can correct. An existing account is named by its id: its owner's log shows the attempt.
 */
export async function recordSignInFailed(ctx: RequestContext, failure: SignInFailure): Promise<void> {
  if (!auditOn(ctx)) return;
  const subjectId = failure.userId ?? (failure.email ? await accountOf(ctx, failure.email) : null);
  await recordAudit(ctx, {
    kind: "sign-in-failed",
    actorId: null,
    subjectId,
    detail: { ...failure.detail, reason: failure.reason, method: failure.method },
  });
}

/** The id of the user with this (normalised) address, or null; a storage failure is just "unknown" here. */
async function accountOf(ctx: RequestContext, email: string): Promise<string | null> {
  const adapter = ctx.config.adapter;
  if (!adapter?.getUserByEmail) return null;
  try {
    return (await callAdapter(adapter, "getUserByEmail", email))?.id ?? null;
  } catch {
    return null;
  }
}
