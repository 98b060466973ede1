// Shortcuts on a two-factor client for `/api/auth`, created per call: no module-level state.
import { createTwoFactorClient } from "./create-two-factor-client.ts";
import type { TwoFactorClient } from "./types.ts";

/**
 * Whether the signed-in user has two-factor on, at `/api/auth`.
 * @example const status = await getTwoFactorStatus(); if (status.ok && status.enabled) showDisable()
 */
export const getTwoFactorStatus: TwoFactorClient["getTwoFactorStatus"] = () =>
  createTwoFactorClient().getTwoFactorStatus();

/**
 * Starts two-factor enrolment at `/api/auth`: show `qrSvg` and `secret`, then ask for the first code.
 * @example const enrolment = await enrollTwoFactor(); if (enrolment.ok) showQr(enrolment.qrSvg, enrolment.secret)
 */
export const enrollTwoFactor: TwoFactorClient["enrollTwoFactor"] = () =>
  createTwoFactorClient().enrollTwoFactor();

/**
 * Turns two-factor on at `/api/auth` with the app's first code; show the backup codes once.
 * @example const result = await confirmTwoFactor(code); if (result.ok) showOnce(result.backupCodes)
 */
export const confirmTwoFactor: TwoFactorClient["confirmTwoFactor"] = (code) =>
  createTwoFactorClient().confirmTwoFactor(code);

/**
 * Turns two-factor off at `/api/auth`, with a current code of the app, a backup code, or the password.
 * @example await disableTwoFactor({ code })
 */
export const disableTwoFactor: TwoFactorClient["disableTwoFactor"] = (proof) =>
  createTwoFactorClient().disableTwoFactor(proof);

/**
 * Replaces the backup codes at `/api/auth`, with a current code of the app or a backup code.
 * @example const result = await regenerateBackupCodes({ code }); if (result.ok) showOnce(result.backupCodes)
 */
export const regenerateBackupCodes: TwoFactorClient["regenerateBackupCodes"] = (input) =>
  createTwoFactorClient().regenerateBackupCodes(input);

/**
 * Sign-in's second step at `/api/auth`, after `signIn` answered `TwoFactorRequired`.
 * @example const result = await submitTwoFactor({ code }); if (!result.ok) show(result.error)
 */
export const submitTwoFactor: TwoFactorClient["submitTwoFactor"] = (factor, options) =>
  createTwoFactorClient().submitTwoFactor(factor, options);
