import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Adapter } from "@gatehouse/core/adapter";
import { accountCases } from "./cases/accounts.ts";
import { adminUserCases } from "./cases/admin-users.ts";
import { auditCases } from "./cases/audit.ts";
import { disabledUserCases } from "./cases/disabled-users.ts";
import { extensionCases } from "./cases/extensions.ts";
import { passkeySignUpCases } from "./cases/passkey-sign-up.ts";
import { passkeyCases } from "./cases/passkeys.ts";
import { passwordCases } from "./cases/passwords.ts";
import { roleAndStatsCases } from "./cases/roles-stats.ts";
import { securityGenerationCases } from "./cases/security-generation.ts";
import { sessionRecordCases } from "./cases/session-records.ts";
import { sessionCases } from "./cases/sessions.ts";
import { twoFactorCases } from "./cases/two-factor.ts";
import { METHODS, userCases } from "./cases/users.ts";
import { verificationTokenCases } from "./cases/verification-tokens.ts";
import { rateLimitStoreCases } from "./rate-limit-store-contract.ts";
import type {
  AdapterExtensions,
  AdminExtensions,
  AuditExtensions,
  CaseContext,
  ConformanceFixture,
  ConformanceOptions,
  DisabledUserExtensions,
  PasskeyExtensions,
  PasswordExtensions,
  SecurityExtensions,
  SessionRecordExtensions,
  TwoFactorExtensions,
} from "./types.ts";

/**
 * Registers the adapter conformance suite as node:test cases: the contract of every Auth.js
 * adapter method, and with `extensions: true` the Gatehouse extensions and the races that matter
 * (first sign-in, single-use sign-in link, sign-up with a password or a passkey, rate-limit
 * counting, a passkey's counter, a TOTP step, a backup code, audit appends), roles, the admin user
 * list (every sort and filter, paged to the end) and its counts, and the `rateLimits` store's
 * contract on a fake clock. One `setup()` serves the whole suite.
 *
 * @example
 * runAdapterConformance({ name: "sqlite", extensions: true, setup: async () => ({ adapter, teardown }) })
 */
export function runAdapterConformance(options: ConformanceOptions): void {
  describe(options.name, () => {
    let fixture: ConformanceFixture | undefined;

    before(async () => {
      fixture = await options.setup();
    });
    after(async () => {
      await fixture?.teardown();
    });

    const current = (): ConformanceFixture => {
      if (fixture === undefined) throw new Error("adapter conformance: setup() did not complete");
      return fixture;
    };
    const context: CaseContext = {
      adapter: () => complete(current().adapter),
      extensions: () => withExtensions(current().adapter),
      passwords: () => withPasswords(current().adapter),
      passkeys: () => withMethods<PasskeyExtensions>(current().adapter, PASSKEY_METHODS),
      twoFactor: () => withMethods<TwoFactorExtensions>(current().adapter, TWO_FACTOR_METHODS),
      disabledUsers: () => withMethods<DisabledUserExtensions>(current().adapter, ["setUserDisabled"]),
      sessionRecords: () => withMethods<SessionRecordExtensions>(current().adapter, SESSION_RECORD_METHODS),
      audit: () => withMethods<AuditExtensions>(current().adapter, AUDIT_METHODS),
      admin: () => withMethods<AdminExtensions>(current().adapter, ADMIN_METHODS),
      security: () => withMethods<SecurityExtensions>(current().adapter, SECURITY_METHODS),
      count: () => current().count,
      point(name, run) {
        const reason = options.knownFailures?.[name];
        test(name, reason === undefined ? {} : { todo: `known failure: ${reason}` }, run);
      },
    };

    context.point("implements every Auth.js adapter method", async () => {
      const missing = METHODS.filter((method) => typeof current().adapter[method] !== "function");
      assert.deepEqual(missing, []);
    });
    userCases(context, { nullableEmail: options.nullableEmail ?? false });
    accountCases(context);
    sessionCases(context);
    verificationTokenCases(context);
    if (options.extensions) {
      extensionCases(context);
      passwordCases(context);
      rateLimitStoreCases(
        (name, run) => context.point(`rateLimits: ${name}`, run),
        () => {
          let clock = Date.now();
          return {
            store: context.passwords().rateLimits,
            now: () => clock,
            advance: async (ms) => {
              clock += ms;
            },
            slack: 0,
          };
        },
      );
      passkeyCases(context);
      passkeySignUpCases(context);
      twoFactorCases(context);
      disabledUserCases(context);
      sessionRecordCases(context);
      auditCases(context);
      roleAndStatsCases(context);
      adminUserCases(context, { nullableEmail: options.nullableEmail ?? false });
      securityGenerationCases(context);
    }
  });
}

function complete(adapter: Adapter): Required<Adapter> {
  for (const method of METHODS) {
    if (typeof adapter[method] !== "function")
      throw new Error(`adapter conformance: the adapter has no ${method}`);
  }
  return adapter as Required<Adapter>;
}

function withExtensions(adapter: Adapter): AdapterExtensions {
  const candidate = adapter as Adapter & Partial<AdapterExtensions>;
  if (
    typeof candidate.createUserAndAccount !== "function" ||
    typeof candidate.deleteExpiredSessions !== "function"
  ) {
    throw new Error(
      "adapter conformance: extensions: true, but the adapter lacks createUserAndAccount/deleteExpiredSessions",
    );
  }
  return candidate as AdapterExtensions;
}

const PASSWORD_METHODS = [
  "createUserWithPassword",
  "getPasswordHash",
  "setPasswordHash",
  "deletePasswordHash",
  "getSessionsValidAfter",
  "setSessionsValidAfter",
] as const;

function withPasswords(adapter: Adapter): PasswordExtensions {
  const candidate = adapter as Adapter & Partial<PasswordExtensions>;
  const missing: string[] = PASSWORD_METHODS.filter((method) => typeof candidate[method] !== "function");
  if (typeof candidate.rateLimits?.hit !== "function") missing.push("rateLimits");
  if (missing.length > 0) {
    throw new Error(`adapter conformance: extensions: true, but the adapter lacks ${missing.join(", ")}`);
  }
  return candidate as PasswordExtensions;
}

const PASSKEY_METHODS = [
  "createPasskey",
  "createUserWithPasskey",
  "getPasskey",
  "listPasskeys",
  "usePasskey",
  "renamePasskey",
  "deletePasskey",
] as const satisfies readonly (keyof PasskeyExtensions)[];

const TWO_FACTOR_METHODS = [
  "getTwoFactor",
  "startTwoFactor",
  "enableTwoFactor",
  "deleteTwoFactor",
  "useTotpStep",
  "replaceBackupCodes",
  "useBackupCode",
  "countBackupCodes",
] as const satisfies readonly (keyof TwoFactorExtensions)[];

const SESSION_RECORD_METHODS = [
  "createSessionRecord",
  "listSessionRecords",
  "listSessionRecordIds",
  "touchSessionRecord",
  "deleteSessionRecord",
  "deleteSessionRecords",
] as const satisfies readonly (keyof SessionRecordExtensions)[];

const AUDIT_METHODS = [
  "appendAudit",
  "queryAudit",
  "deleteAuditBefore",
] as const satisfies readonly (keyof AuditExtensions)[];

const ADMIN_METHODS = [
  "searchUsers",
  "setUserRole",
  "userStats",
] as const satisfies readonly (keyof AdminExtensions)[];

const SECURITY_METHODS = [
  "bumpSecurityGeneration",
  "claimUnverifiedUser",
] as const satisfies readonly (keyof SecurityExtensions)[];

function withMethods<T>(adapter: Adapter, methods: readonly (keyof Adapter)[]): T {
  const missing = methods.filter((method) => typeof adapter[method] !== "function");
  if (missing.length > 0) {
    throw new Error(`adapter conformance: extensions: true, but the adapter lacks ${missing.join(", ")}`);
  }
  return adapter as T;
}
