// `@gatehouse/react/two-factor`: its own entry, so that apps without two-factor ship none of this.
export { createTwoFactorClient } from "./create-two-factor-client.ts";
export {
  confirmTwoFactor,
  disableTwoFactor,
  enrollTwoFactor,
  getTwoFactorStatus,
  regenerateBackupCodes,
  submitTwoFactor,
} from "./default-actions.ts";
export type {
  BackupCodesResult,
  SecondFactor,
  SubmitTwoFactorOptions,
  TwoFactorClient,
  TwoFactorEnrolment,
  TwoFactorErrorCode,
  TwoFactorFailure,
  TwoFactorProof,
  TwoFactorSignInResult,
  TwoFactorStatusResult,
  TwoFactorUpdateResult,
} from "./types.ts";
