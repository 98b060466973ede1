import type { AuthClientOptions } from "../client/create-auth-client.ts";
import { broadcast } from "../lib/broadcast.ts";
import { endpointOf } from "../lib/endpoint.ts";
import { failureOf, okUrl } from "../lib/failure.ts";
import { isRecord } from "../lib/is-record.ts";
import { assignLocation } from "../lib/location.ts";
import { createTransport, type Reply } from "../lib/transport.ts";
import type { BackupCodesResult, TwoFactorClient, TwoFactorErrorCode, TwoFactorFailure } from "./types.ts";

// The codes the server may answer, for narrowing untrusted input; `satisfies` keeps them equal to the
// union, and a test keeps them in core's catalogue.
export const SERVER_CODES = {
  TwoFactorCodeInvalid: 1,
  BackupCodeUsed: 1,
  TwoFactorAlreadyOn: 1,
  ReauthenticationRequired: 1,
  TwoFactorNotOn: 1,
  TwoFactorExpired: 1,
  CurrentPasswordIncorrect: 1,
  AccountDisabled: 1,
  SessionRequired: 1,
  UnknownAction: 1,
  MissingCSRF: 1,
  RateLimited: 1,
  StorageUnavailable: 1,
} satisfies Record<Exclude<TwoFactorErrorCode, "NetworkError" | "Default">, 1>;

const failure = (reply: Reply): TwoFactorFailure => failureOf<TwoFactorErrorCode>(reply, SERVER_CODES);

/** A 2xx answer's body, or null. */
const okBody = (reply: Reply) => (reply.ok && isRecord(reply.body) ? reply.body : null);

function toBackupCodes(reply: Reply): BackupCodesResult {
  const codes = okBody(reply)?.backupCodes;
  return Array.isArray(codes) && codes.length > 0 && codes.every((code) => typeof code === "string")
    ? { ok: true, status: reply.status, backupCodes: codes.map(String) }
    : failure(reply);
}

/**
 * Creates the two-factor functions for an endpoint (the options of `createAuthClient`). Each posts a
 * form with a fresh CSRF token and returns a result; only `submitTwoFactor` navigates, and only
 * after a sign-in unless told not to.
 * @example const { submitTwoFactor } = createTwoFactorClient({ basePath: "/auth" });
 */
export function createTwoFactorClient(options: AuthClientOptions = {}): TwoFactorClient {
  const { navigate = assignLocation } = options;
  const { call, post } = createTransport(endpointOf(options), options.fetch ?? fetch);
  return {
    async getTwoFactorStatus() {
      const reply = await call("/two-factor-status");
      const body = okBody(reply);
      if (typeof body?.enabled !== "boolean") return failure(reply);
      const left = body.backupCodesLeft;
      const backupCodesLeft = typeof left === "number" && Number.isInteger(left) && left >= 0 ? left : null;
      return { ok: true, status: reply.status, enabled: body.enabled, backupCodesLeft };
    },

    async enrollTwoFactor() {
      const reply = await post("/two-factor-enroll", {});
      const body = okBody(reply);
      const { secret, uri, qrSvg } = body ?? {};
      return typeof secret === "string" && typeof uri === "string" && typeof qrSvg === "string"
        ? { ok: true, status: reply.status, secret, uri, qrSvg }
        : failure(reply);
    },

    confirmTwoFactor: async (code) => toBackupCodes(await post("/two-factor-confirm", { code })),

    async disableTwoFactor(proof) {
      // Only the one field: the server checks the password only when no code is sent.
      const fields = "password" in proof ? { password: proof.password } : { code: proof.code };
      const reply = await post("/two-factor-disable", fields);
      return okBody(reply)?.ok === true ? { ok: true, status: reply.status } : failure(reply);
    },

    regenerateBackupCodes: async ({ code }) =>
      toBackupCodes(await post("/two-factor-backup-codes", { code })),

    async submitTwoFactor(factor, { redirect = true } = {}) {
      // Only the one field: the server takes a backup code when `backupCode` is present.
      const fields = "backupCode" in factor ? { backupCode: factor.backupCode } : { code: factor.code };
      const reply = await post("/two-factor", fields);
      const url = okUrl(reply);
      if (!url) return failure(reply);
      broadcast("getSession");
      if (redirect) navigate(url);
      return { ok: true, status: reply.status, url };
    },
  };
}
