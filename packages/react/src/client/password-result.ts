import { errorOf } from "../lib/error-of.ts";
import { failureOf } from "../lib/failure.ts";
import { isRecord } from "../lib/is-record.ts";
import type { Reply } from "../lib/transport.ts";
import type { PasswordErrorCode, PasswordFailure, PasswordResult, PasswordUpdateResult } from "./types.ts";

// The codes the server may answer, for narrowing untrusted input; `satisfies` keeps them equal to the
// union, and a test keeps them in core's catalogue.
export const SERVER_CODES = {
  EmailInvalid: 1,
  PasswordTooShort: 1,
  PasswordTooLong: 1,
  PasswordBreached: 1,
  PasswordResetInvalid: 1,
  SessionRequired: 1,
  CurrentPasswordIncorrect: 1,
  PasswordNotSet: 1,
  PasswordAlreadySet: 1,
  ReauthenticationRequired: 1,
  MissingCSRF: 1,
  RateLimited: 1,
  StorageUnavailable: 1,
} satisfies Record<Exclude<PasswordErrorCode, "NetworkError" | "Default">, 1>;

const failure = (reply: Reply): PasswordFailure => failureOf<PasswordErrorCode>(reply, SERVER_CODES);

/** A form endpoint's answer (sign-up, forgot, reset): ok needs a 2xx and a URL without `?error=`. */
export function toPasswordResult(reply: Reply): PasswordResult {
  const url = isRecord(reply.body) && typeof reply.body.url === "string" ? reply.body.url : null;
  // Fail closed: an answer with an error code is a failure even with a 2xx status (Auth.js habits).
  return reply.ok && url && !errorOf(url) ? { ok: true, status: reply.status, url } : failure(reply);
}

/** A JSON endpoint's answer (change, set password): ok needs a 2xx and `{ "ok": true }`. */
export function toUpdateResult(reply: Reply): PasswordUpdateResult {
  return reply.ok && isRecord(reply.body) && reply.body.ok === true
    ? { ok: true, status: reply.status }
    : failure(reply);
}
