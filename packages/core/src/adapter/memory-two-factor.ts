import { ConfigError } from "../errors/config-error.ts";
import type { StoredTwoFactor } from "./adapter.ts";
import type { MemoryAdapter, MemoryTables } from "./memory-adapter.ts";
import { MemoryAdapterError } from "./memory-adapter-error.ts";
import { checkNonEmpty, copyDate, copyOrNull, validDate } from "./memory-copies.ts";

type TwoFactorMethods = Pick<
  MemoryAdapter,
  | "getTwoFactor"
  | "startTwoFactor"
  | "enableTwoFactor"
  | "deleteTwoFactor"
  | "useTotpStep"
  | "replaceBackupCodes"
  | "useBackupCode"
  | "countBackupCodes"
  | "backupCodeUsed"
>;

/**
 * The memory adapter's two-factor tables (enrolments and backup codes): their methods, a copy of
 * their rows, and the cascade of a deleted user. `hasUser` is the users table's foreign key.
 */
export function createMemoryTwoFactor(hasUser: (userId: string) => boolean): {
  methods: TwoFactorMethods;
  rows(): Pick<MemoryTables, "twoFactor" | "backupCodes">;
  forgetUser(userId: string): void;
  /** Whether the user's two-factor is on: an enrolment that a first code confirmed. */
  isOn(userId: string): boolean;
} {
  const twoFactors = new Map<string, StoredTwoFactor>();
  // userId → code hash → when it was used (null: unused).
  const backupCodes = new Map<string, Map<string, Date | null>>();
  const methods: TwoFactorMethods = {
    async getTwoFactor(userId) {
      return copyOrNull(twoFactors.get(userId), (row) => ({ ...row, enabledAt: copyDate(row.enabledAt) }));
    },

    // A restart forgets the earlier secret, its used step and its backup codes.
    async startTwoFactor(userId, sealedSecret) {
      checkNonEmpty(sealedSecret, "startTwoFactor", "a non-empty sealed secret");
      if (!hasUser(userId)) throw new MemoryAdapterError("NotFound", "startTwoFactor");
      twoFactors.set(userId, { userId, secret: sealedSecret, enabledAt: null, lastUsedStep: null });
      backupCodes.delete(userId);
    },

    // The first confirmation's time is kept, as SQL's COALESCE keeps it.
    async enableTwoFactor(userId, at) {
      const time = validDate(at, "at");
      const row = twoFactors.get(userId);
      if (row === undefined) return false;
      row.enabledAt ??= time;
      return true;
    },

    async deleteTwoFactor(userId) {
      backupCodes.delete(userId);
      return twoFactors.delete(userId);
    },

    // Only a later step is accepted, compared and written in one step: a code is used once.
    async useTotpStep(userId, step) {
      if (!Number.isSafeInteger(step) || step < 0) {
        throw new ConfigError(
          "Gatehouse memory storage: useTotpStep needs the step as a non-negative integer",
        );
      }
      const row = twoFactors.get(userId);
      if (row === undefined || (row.lastUsedStep !== null && row.lastUsedStep >= step)) return false;
      row.lastUsedStep = step;
      return true;
    },

    // All or nothing, as SQL's transaction: a repeated hash is a Conflict (the primary key's).
    async replaceBackupCodes(userId, codeHashes) {
      for (const hash of codeHashes) checkNonEmpty(hash, "replaceBackupCodes", "non-empty code hashes");
      if (!hasUser(userId)) throw new MemoryAdapterError("NotFound", "replaceBackupCodes");
      const codes = new Map<string, Date | null>(codeHashes.map((hash) => [hash, null]));
      if (codes.size !== codeHashes.length) throw new MemoryAdapterError("Conflict", "replaceBackupCodes");
      backupCodes.set(userId, codes);
    },

    async useBackupCode(userId, codeHash) {
      const codes = backupCodes.get(userId);
      if (codes?.get(codeHash) !== null) return false; // unknown (undefined) or used (a Date)
      codes.set(codeHash, new Date());
      return true;
    },

    async backupCodeUsed(userId, codeHash) {
      return backupCodes.get(userId)?.get(codeHash) instanceof Date;
    },

    async countBackupCodes(userId) {
      return [...(backupCodes.get(userId)?.values() ?? [])].filter((usedAt) => usedAt === null).length;
    },
  };
  return {
    methods,
    rows: () => ({
      twoFactor: [...twoFactors.values()].map((row) => ({ ...row, enabledAt: copyDate(row.enabledAt) })),
      backupCodes: [...backupCodes].flatMap(([userId, codes]) =>
        [...codes].map(([codeHash, usedAt]) => ({ userId, codeHash, usedAt: copyDate(usedAt) })),
      ),
    }),
    forgetUser(userId) {
      twoFactors.delete(userId);
      backupCodes.delete(userId);
    },
    isOn: (userId) => (twoFactors.get(userId)?.enabledAt ?? null) !== null,
  };
}
