import { requireRecentSignIn } from "../../accounts/recent-sign-in.ts";
import type { Adapter, AdapterUser } from "../../adapter/adapter.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import { AuthError } from "../../errors/auth-error.ts";
import { json, type Outcome, redirect } from "../../http/outcome.ts";
import { formPageUrl } from "../../http/page-urls.ts";
import type { RequestContext } from "../../http/request-context.ts";
import {
  backupCodeWasUsed,
  createBackupCodes,
  hashBackupCode,
  redeemBackupCode,
} from "../../two-factor/backup-codes.ts";
import {
  PENDING_SIGN_IN_MAX_AGE_S,
  type PendingSignIn,
  pendingSignInCookieName,
  sealPendingSignIn,
} from "../../two-factor/pending-sign-in.ts";
import { isPlainQrSvg } from "../../two-factor/plain-qr-svg.ts";
import { openTotpSecret, sealTotpSecret } from "../../two-factor/sealed-secret.ts";
import { normalizeTotpCode, type TotpCodes } from "../../two-factor/totp-codes.ts";
import type { Services } from "../services.ts";
import { limit } from "./limit.ts";

/** Storage with every two-factor method. */
export type TwoFactorAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "getUser"
      | "getTwoFactor"
      | "startTwoFactor"
      | "enableTwoFactor"
      | "deleteTwoFactor"
      | "useTotpStep"
      | "replaceBackupCodes"
      | "useBackupCode"
    >
  >;

const METHODS = [
  "getUser",
  "getTwoFactor",
  "startTwoFactor",
  "enableTwoFactor",
  "deleteTwoFactor",
  "useTotpStep",
  "replaceBackupCodes",
  "useBackupCode",
] as const;

/**
 * The configured TOTP codes (`twoFactor.totp`). An enrolled user's sign-in never goes on without
 * them (see `twoFactorOn`), so reaching here without them is misconfiguration: `Configuration`.
 */
function totpCodes(ctx: RequestContext): TotpCodes {
  const codes = ctx.config.twoFactor.totp;
  if (!codes) throw new AuthError("Configuration", { cause: "twoFactor.totp is not configured" });
  return codes;
}

/** The adapter when it keeps two-factor enrolments, else null. */
export function twoFactorAdapter(ctx: RequestContext): TwoFactorAdapter | null {
  const adapter = ctx.config.adapter;
  if (!adapter) return null;
  for (const method of METHODS) if (typeof adapter[method] !== "function") return null;
  return adapter as TwoFactorAdapter;
}

/**
 * As `twoFactorAdapter`, for the two-factor endpoints: without one, or without the TOTP codes
 * (`twoFactor.totp`), they do not exist (404).
 */
export function requireTwoFactorAdapter(ctx: RequestContext): TwoFactorAdapter {
  const adapter = twoFactorAdapter(ctx);
  if (!adapter) throw new AuthError("UnknownAction", { cause: "the adapter keeps no two-factor enrolments" });
  if (!ctx.config.twoFactor.totp)
    throw new AuthError("UnknownAction", { cause: "twoFactor.totp is not configured" });
  return adapter;
}

/**
 * Whether the user must pass a second step: an enabled enrolment. Fails closed: a user who turned
 * two-factor on, in an app that no longer configures its codes (`twoFactor.totp` removed), gets no
 * session from the first factor alone — the sign-in is refused as `Configuration` and logged
 * (`TwoFactorUnconfigured`) until the app configures them again or an administrator removes the
 * user's two-factor.
 */
export async function twoFactorOn(ctx: RequestContext, userId: string): Promise<boolean> {
  const adapter = twoFactorAdapter(ctx);
  if (!adapter) return false;
  const enrolment = await callAdapter(adapter, "getTwoFactor", userId);
  const on = enrolment?.enabledAt != null;
  if (on && !ctx.config.twoFactor.totp) {
    ctx.config.logger.error("TwoFactorUnconfigured", { userId });
    throw new AuthError("Configuration", {
      cause: "the user has two-factor on and twoFactor.totp is not configured: refused rather than skipped",
    });
  }
  return on;
}

/**
 * Checks a TOTP code and spends its time step (so it is never accepted twice). False for a wrong
 * code, a used step, or a secret that no configured app secret opens.
 */
export async function spendTotpCode(
  ctx: RequestContext,
  adapter: TwoFactorAdapter,
  input: { userId: string; sealed: string; code: unknown },
): Promise<boolean> {
  const secret = await openTotpSecret(ctx.config.keys, { userId: input.userId, sealed: input.sealed });
  if (secret === null) {
    ctx.config.logger.warn("TwoFactorSecretUnreadable", { userId: input.userId });
    return false;
  }
  const code = normalizeTotpCode(input.code);
  const step = code === null ? null : totpCodes(ctx).verify({ secret, code, now: ctx.now });
  return step !== null && (await callAdapter(adapter, "useTotpStep", input.userId, step));
}

/**
 * Checks a second factor of the user's enabled enrolment and spends it: the TOTP code `totp` when
 * given, else (or when it fails) the backup code `backupCode` when given. False when neither passes
 * or two-factor is not on.
 */
export async function spendSecondFactor(
  ctx: RequestContext,
  adapter: TwoFactorAdapter,
  input: { userId: string; totp?: unknown; backupCode?: unknown },
): Promise<boolean> {
  const { userId } = input;
  const enrolment = await callAdapter(adapter, "getTwoFactor", userId);
  if (!enrolment?.enabledAt) return false;
  if (
    present(input.totp) &&
    (await spendTotpCode(ctx, adapter, { userId, sealed: enrolment.secret, code: input.totp }))
  ) {
    return true;
  }
  if (!present(input.backupCode)) return false;
  return redeemBackupCode(ctx.config.keys, {
    userId,
    code: input.backupCode,
    use: (hash) => callAdapter(adapter, "useBackupCode", userId, hash),
  });
}

/**
 * Why a backup code was refused: `BackupCodeUsed` when it is one of the user's, crossed off already
 * (with an adapter that can say so), else `TwoFactorCodeInvalid`. Only asked after a refusal, which
 * the lockout has counted: it tells nothing to someone who does not already hold a real code.
 */
export async function backupCodeRefusal(
  ctx: RequestContext,
  adapter: TwoFactorAdapter,
  input: { userId: string; backupCode: unknown },
): Promise<"BackupCodeUsed" | "TwoFactorCodeInvalid"> {
  if (!adapter.backupCodeUsed) return "TwoFactorCodeInvalid";
  const used = await backupCodeWasUsed(ctx.config.keys, {
    userId: input.userId,
    code: input.backupCode,
    used: (hash) => callAdapter(adapter, "backupCodeUsed", input.userId, hash),
  });
  return used ? "BackupCodeUsed" : "TwoFactorCodeInvalid";
}

function present(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

/** Ten new backup codes, replacing the old ones; the codes as shown once (only hashes are stored). */
export async function renewBackupCodes(
  ctx: RequestContext,
  adapter: TwoFactorAdapter,
  userId: string,
): Promise<string[]> {
  const codes = createBackupCodes();
  const hashes = await Promise.all(codes.map((code) => hashBackupCode(ctx.config.keys, { userId, code })));
  await callAdapter(adapter, "replaceBackupCodes", userId, hashes);
  return codes;
}

/** The pending sign-in cookie's name for this request. */
export function pendingCookieName(ctx: RequestContext): string {
  return pendingSignInCookieName(ctx.config.cookiePrefix, ctx.secure);
}

/**
 * The first factor passed for a user with two-factor on: no session yet. The pending state goes
 * into its cookie and the person to `BASE/two-factor` (JSON mode: `{ url, twoFactorRequired: true }`).
 */
export async function startSecondStep(ctx: RequestContext, pending: PendingSignIn): Promise<Outcome> {
  const value = await sealPendingSignIn({ keys: ctx.config.keys, now: ctx.now }, pending);
  ctx.out.set(pendingCookieName(ctx), value, { maxAge: PENDING_SIGN_IN_MAX_AGE_S });
  const url = formPageUrl(ctx, "two-factor", {});
  // A script tells the second step from a sign-in by this flag, whichever page `pages.twoFactor` names.
  return ctx.jsonMode ? json({ url, twoFactorRequired: true }) : redirect(url);
}

/**
 * The start of every two-factor endpoint for the signed-in user: storage that keeps enrolments, a
 * session (else `SessionRequired`), and the `twoFactor` rate limit by client and user. Either the
 * user's id and the adapter, or the answer (429) to send instead.
 */
export async function twoFactorUser(
  ctx: RequestContext,
  services: Services,
  options: { recent?: boolean } = {},
): Promise<
  | { adapter: TwoFactorAdapter; userId: string; current: { userId: string; recordId: string | null } }
  | { refused: Outcome }
> {
  const adapter = requireTwoFactorAdapter(ctx);
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const { userId } = current;
  if (options.recent) await requireRecentSignIn(ctx, services, current);
  const limited = await limit(ctx, services, "twoFactor", userId);
  if (limited) return { refused: limited };
  return { adapter, userId, current };
}

/** A wrong code on an endpoint of the signed-in user: logged, then `TwoFactorCodeInvalid`. */
export function wrongCode(ctx: RequestContext, userId: string): AuthError {
  ctx.config.logger.warn("TwoFactorCodeFailed", { userId });
  return new AuthError("TwoFactorCodeInvalid");
}

/** What an authenticator app enrols from: the base32 secret, its `otpauth://` URI, and that URI as a QR code. */
export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * Starts (or restarts) the user's enrolment: a new TOTP secret, stored sealed and not yet enabled,
 * so a first code must confirm it. The caller has checked that two-factor is not on: replacing a
 * working secret must go through disabling it, which asks for a code.
 */
export async function startEnrolment(
  ctx: RequestContext,
  adapter: TwoFactorAdapter,
  user: AdapterUser,
): Promise<Enrolment> {
  const secret = totpCodes(ctx).createSecret();
  await callAdapter(
    adapter,
    "startTwoFactor",
    user.id,
    await sealTotpSecret(ctx.config.keys, { userId: user.id, secret }),
  );
  ctx.config.logger.warn("TwoFactorEnrolStarted", { userId: user.id });
  return enrolmentOf(ctx, user, secret);
}

/** The enrolment of `secret` as the app shows it: issuer (`twoFactor.issuer`, else the host) and the user's address. */
export function enrolmentOf(ctx: RequestContext, user: AdapterUser, secret: string): Enrolment {
  const codes = totpCodes(ctx);
  const uri = codes.uri({
    secret,
    issuer: ctx.config.twoFactor.issuer ?? new URL(ctx.origin).hostname,
    account: user.email ?? user.name ?? user.id,
  });
  // The drawing comes from the package the app passed in: checked before any answer inlines it.
  const qrSvg = codes.qrSvg(uri);
  if (!isPlainQrSvg(qrSvg))
    throw new AuthError("Configuration", { cause: "twoFactor.totp drew a QR code of unexpected markup" });
  return { secret, uri, qrSvg };
}
