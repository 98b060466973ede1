import type { Adapter } from "../adapter/adapter.ts";
import { ConfigError } from "../errors/config-error.ts";
import { isProduction } from "../lib/is-production.ts";
import { nodeCrypto } from "../passwords/node-crypto.ts";
import type { PasswordHasher } from "../passwords/password-hasher.ts";
import {
  type BreachedList,
  checkPassword,
  type PasswordPolicyError,
  type PwnedCheckOptions,
} from "../passwords/policy.ts";
import { createPasswordHasher } from "../passwords/verify-password.ts";
import type { PasswordProviderConfig, ProviderConfig } from "../providers/types.ts";
import type { Logger } from "./options.ts";

const HOUR = 60 * 60;

/** The `Password` provider after validation: every setting has its value. */
export interface PasswordSettings {
  provider: PasswordProviderConfig;
  hasher: PasswordHasher;
  requireEmailVerification: boolean;
  /** Seconds. */
  resetMaxAge: number;
  /** Seconds. */
  verifyMaxAge: number;
  /** The policy for a new password (NIST SP 800-63B): null when acceptable. */
  checkNewPassword(password: string): Promise<PasswordPolicyError | null>;
}

/** What the password endpoints call on storage. */
const NEEDED = [
  "getUser",
  "getUserByEmail",
  "updateUser",
  "createUserWithPassword",
  "getPasswordHash",
  "setPasswordHash",
  "createVerificationToken",
  "useVerificationToken",
  // A reset or change ends the user's sessions: stored ones, and jwt ones by the "valid after" time.
  "deleteSessionsByUserId",
  "getSessionsValidAfter",
  "setSessionsValidAfter",
  // Links bound to the account's security generation; the claim of an account someone signed up
  // with unproven; the undo of a password write a security change overtook (docs/account.md).
  "bumpSecurityGeneration",
  "claimUnverifiedUser",
  "deletePasswordHash",
] as const;

/**
 * Finds and checks the `Password` provider (at most one); null when there is none. Misuse throws a
 * `ConfigError` at start-up: no adapter or one without the password methods, no `sendMail`, no
 * `hasher` on a runtime whose `node:crypto` (`runtime.crypto`, this runtime's unless given) has no argon2.
 */
export function resolvePassword(
  providers: Iterable<ProviderConfig>,
  adapter: Adapter | undefined,
  logger: Logger,
  runtime: { crypto: object | undefined } = { crypto: nodeCrypto },
): PasswordSettings | null {
  const found = [...providers].filter((p): p is PasswordProviderConfig => p.type === "password");
  if (found.length === 0) return null;
  if (found.length > 1) {
    throw new ConfigError(
      "Gatehouse: configure at most one Password provider (its pages and endpoints are shared).",
    );
  }
  const provider = found[0]!;
  if (typeof provider.sendMail !== "function") {
    throw new ConfigError(
      `Gatehouse: Password provider "${provider.id}" needs sendMail (e.g. passwordMailer() from @gatehouse/smtp): it sends verification and reset links.`,
    );
  }
  const missing = NEEDED.filter((m) => typeof adapter?.[m] !== "function");
  if (missing.length > 0) {
    throw new ConfigError(
      `Gatehouse: Password provider "${provider.id}" needs an adapter with ${missing.join(", ")} (e.g. @gatehouse/sql, migrated to the latest version).`,
    );
  }
  // Password() always brings a hasher, chosen for the runtime. A provider object written by hand
  // without one gets node:crypto's argon2id where there is one (as before); elsewhere it is refused
  // here rather than silently switched to the far slower pure-JavaScript argon2id.
  const crypto = runtime.crypto as { argon2?: unknown } | undefined;
  if (!provider.hasher && typeof crypto?.argon2 !== "function") {
    throw new ConfigError(
      `Gatehouse: Password provider "${provider.id}" has no \`hasher\`, and this runtime's node:crypto has no argon2id (Node.js 24.7 or later has it). Make the provider with Password() from @gatehouse/core (its default hasher computes argon2id with @gatehouse/argon2id here), or pass \`hasher: createPasswordHasher()\`.`,
    );
  }
  const resetMaxAge = positive(provider.resetMaxAge, HOUR, "resetMaxAge");
  const verifyMaxAge = positive(provider.verifyMaxAge, 24 * HOUR, "verifyMaxAge");
  const breached = breachedList(provider.breachedPasswords, logger);
  const pwned = pwnedOptions(provider.pwnedPasswords);
  return {
    provider,
    hasher: provider.hasher ?? createPasswordHasher(),
    requireEmailVerification: provider.requireEmailVerification ?? true,
    resetMaxAge,
    verifyMaxAge,
    async checkNewPassword(password) {
      const refused = await checkPassword(password, {
        ...(breached ? { breached: await breached() } : {}),
        ...(pwned ? { pwned } : {}),
        logger,
      });
      return refused?.error ?? null;
    },
  };
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 60) {
    throw new ConfigError(`Gatehouse: Password provider ${name} must be whole seconds, at least 60.`);
  }
  return value;
}

/**
 * The offline list: the app's own, or the one its loader resolves to, loaded once on the first
 * password checked (a failed load is tried again next time). Null without one: opt-in, and said at
 * start-up in production, where the check protects real accounts.
 */
function breachedList(
  option: BreachedList | (() => Promise<BreachedList>) | false | undefined,
  logger: Logger,
): (() => Promise<BreachedList>) | null {
  if (option === false) return null;
  if (option === undefined) {
    if (isProduction()) {
      logger.warn(
        "BreachedPasswordsOff",
        "the Password provider has no breachedPasswords list: breached passwords are accepted (pass loadCommonPasswords from @gatehouse/common-passwords, or false to say it is on purpose).",
      );
    }
    return null;
  }
  if (typeof option === "function") {
    let loading: Promise<BreachedList> | null = null;
    return () => {
      loading ??= option().then((list) => {
        if (typeof list?.has !== "function") {
          throw new ConfigError(
            "Gatehouse: breachedPasswords() must resolve to a list with a has(password) method.",
          );
        }
        return list;
      });
      // A failed load is not kept: the next password checked tries again.
      loading.catch(() => {
        loading = null;
      });
      return loading;
    };
  }
  if (typeof option?.has !== "function") {
    throw new ConfigError(
      "Gatehouse: breachedPasswords must be a list with a has(password) method (a Set works), a function that loads one, or false.",
    );
  }
  return async () => option;
}

function pwnedOptions(option: PwnedCheckOptions | boolean | undefined): PwnedCheckOptions | null {
  if (option === undefined || option === false) return null;
  return option === true ? {} : option;
}
