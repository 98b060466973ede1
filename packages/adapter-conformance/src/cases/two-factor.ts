import assert from "node:assert/strict";
import { hashedToken, newUser, tag } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_USES = 20;
const PARALLEL_REPLACEMENTS = 10;

/** A TOTP secret as core hands it over: sealed. */
function sealed(): string {
  return `gh.enc.${tag()}${tag()}`;
}

/** Ten backup code hashes, as core hands them over. */
function codeHashes(n = 10): string[] {
  return Array.from({ length: n }, () => hashedToken());
}

const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

export function twoFactorCases({ adapter, twoFactor, point }: CaseContext): void {
  async function started() {
    const user = await adapter().createUser(newUser("2fa"));
    const secret = sealed();
    await twoFactor().startTwoFactor(user.id, secret);
    return { user, secret };
  }

  async function withCodes(n = 10) {
    const user = await adapter().createUser(newUser("codes"));
    const codes = codeHashes(n);
    await twoFactor().replaceBackupCodes(user.id, codes);
    return { user, codes };
  }

  point(
    "getTwoFactor is null until startTwoFactor; then the sealed secret, not enabled, no step used",
    async () => {
      const user = await adapter().createUser(newUser());
      assert.equal(await twoFactor().getTwoFactor(user.id), null);
      assert.equal(await twoFactor().getTwoFactor(crypto.randomUUID()), null);
      const secret = sealed();
      await twoFactor().startTwoFactor(user.id, secret);
      assert.deepEqual(await twoFactor().getTwoFactor(user.id), {
        userId: user.id,
        secret,
        enabledAt: null,
        lastUsedStep: null,
      });
    },
  );

  point("startTwoFactor for an unknown user rejects with code NotFound and stores nothing", async () => {
    const ghost = crypto.randomUUID();
    await assert.rejects(async () => twoFactor().startTwoFactor(ghost, sealed()), hasCode("NotFound"));
    assert.equal(await twoFactor().getTwoFactor(ghost), null);
  });

  point(
    "enableTwoFactor turns the enrolment on, keeping the first time; false without an enrolment",
    async () => {
      const { user, secret } = await started();
      const at = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
      assert.equal(await twoFactor().enableTwoFactor(user.id, at), true);
      assert.deepEqual(await twoFactor().getTwoFactor(user.id), {
        userId: user.id,
        secret,
        enabledAt: at,
        lastUsedStep: null,
      });
      assert.equal(await twoFactor().enableTwoFactor(user.id, new Date(at.getTime() + 60_000)), true);
      assert.deepEqual(
        (await twoFactor().getTwoFactor(user.id))?.enabledAt,
        at,
        "a second call keeps the first",
      );
      const without = await adapter().createUser(newUser());
      assert.equal(await twoFactor().enableTwoFactor(without.id, at), false);
      assert.equal(await twoFactor().getTwoFactor(without.id), null);
      assert.equal(await twoFactor().enableTwoFactor(crypto.randomUUID(), at), false);
    },
  );

  point("useTotpStep accepts a step once: the same step again, or an earlier one, is false", async () => {
    const { user } = await started();
    const step = 58_333_333;
    assert.equal(await twoFactor().useTotpStep(user.id, step), true);
    assert.equal((await twoFactor().getTwoFactor(user.id))?.lastUsedStep, step);
    assert.equal(await twoFactor().useTotpStep(user.id, step), false, "the same step: a replayed code");
    assert.equal(await twoFactor().useTotpStep(user.id, step - 1), false, "an earlier step");
    assert.equal((await twoFactor().getTwoFactor(user.id))?.lastUsedStep, step, "unchanged");
    assert.equal(await twoFactor().useTotpStep(user.id, step + 1), true, "the next step");
    assert.equal(await twoFactor().useTotpStep(user.id, 0), false);
  });

  point("useTotpStep without an enrolment is false", async () => {
    const user = await adapter().createUser(newUser());
    assert.equal(await twoFactor().useTotpStep(user.id, 1), false);
    assert.equal(await twoFactor().useTotpStep(crypto.randomUUID(), 1), false);
    assert.equal(await twoFactor().getTwoFactor(user.id), null, "and creates none");
  });

  point(
    "startTwoFactor again restarts: the new secret, not enabled, the step and the backup codes forgotten",
    async () => {
      const { user } = await started();
      await twoFactor().enableTwoFactor(user.id, new Date(Date.UTC(2025, 0, 1)));
      await twoFactor().useTotpStep(user.id, 1000);
      const codes = codeHashes();
      await twoFactor().replaceBackupCodes(user.id, codes);
      const secret = sealed();
      await twoFactor().startTwoFactor(user.id, secret);
      assert.deepEqual(await twoFactor().getTwoFactor(user.id), {
        userId: user.id,
        secret,
        enabledAt: null,
        lastUsedStep: null,
      });
      assert.equal(await twoFactor().countBackupCodes(user.id), 0);
      assert.equal(await twoFactor().useBackupCode(user.id, codes[0] ?? ""), false, "an old code is void");
      assert.equal(await twoFactor().useTotpStep(user.id, 5), true, "steps count from scratch");
    },
  );

  point("deleteTwoFactor deletes the enrolment and the backup codes; false when there was none", async () => {
    const { user } = await started();
    const codes = codeHashes();
    await twoFactor().replaceBackupCodes(user.id, codes);
    const other = await withCodes();
    assert.equal(await twoFactor().deleteTwoFactor(user.id), true);
    assert.equal(await twoFactor().getTwoFactor(user.id), null);
    assert.equal(await twoFactor().countBackupCodes(user.id), 0);
    assert.equal(await twoFactor().useBackupCode(user.id, codes[0] ?? ""), false);
    assert.equal(await twoFactor().deleteTwoFactor(user.id), false, "nothing left");
    assert.equal(await twoFactor().deleteTwoFactor(crypto.randomUUID()), false);
    assert.equal(await twoFactor().countBackupCodes(other.user.id), 10, "another user's codes stay");
  });

  point("useBackupCode uses each code once; countBackupCodes counts the unused ones", async () => {
    const { user, codes } = await withCodes(3);
    const [first, second] = codes as [string, string, string];
    assert.equal(await twoFactor().countBackupCodes(user.id), 3);
    assert.equal(await twoFactor().useBackupCode(user.id, first), true);
    assert.equal(await twoFactor().useBackupCode(user.id, first), false, "a used code");
    assert.equal(await twoFactor().backupCodeUsed(user.id, first), true, "a used code is known as used");
    assert.equal(await twoFactor().backupCodeUsed(user.id, second), false, "an unused code is not");
    assert.equal(await twoFactor().backupCodeUsed(user.id, hashedToken()), false, "an unknown code is not");
    assert.equal(await twoFactor().backupCodeUsed(crypto.randomUUID(), first), false, "not for another user");
    assert.equal(await twoFactor().countBackupCodes(user.id), 2);
    assert.equal(await twoFactor().useBackupCode(user.id, hashedToken()), false, "an unknown code");
    assert.equal(await twoFactor().useBackupCode(crypto.randomUUID(), second), false, "an unknown user");
    assert.equal(await twoFactor().useBackupCode(user.id, second), true);
    assert.equal(await twoFactor().countBackupCodes(user.id), 1);
    assert.equal(await twoFactor().countBackupCodes(crypto.randomUUID()), 0);
  });

  point("a backup code works for its own user only", async () => {
    const { user, codes } = await withCodes(1);
    const other = await withCodes(1);
    const [code] = codes as [string];
    assert.equal(await twoFactor().useBackupCode(other.user.id, code), false, "not another user's code");
    assert.equal(await twoFactor().countBackupCodes(user.id), 1);
    assert.equal(await twoFactor().useBackupCode(user.id, code), true);
  });

  point(
    "replaceBackupCodes replaces: the old codes, used or not, are void; the new are all unused",
    async () => {
      const { user, codes } = await withCodes(3);
      await twoFactor().useBackupCode(user.id, codes[0] ?? "");
      const next = codeHashes(4);
      await twoFactor().replaceBackupCodes(user.id, next);
      assert.equal(await twoFactor().countBackupCodes(user.id), 4);
      for (const code of codes) assert.equal(await twoFactor().useBackupCode(user.id, code), false);
      assert.equal(await twoFactor().useBackupCode(user.id, next[3] ?? ""), true);
      await twoFactor().replaceBackupCodes(user.id, []);
      assert.equal(await twoFactor().countBackupCodes(user.id), 0, "an empty list deletes them all");
    },
  );

  point(
    "replaceBackupCodes is all or nothing: a repeated hash rejects with code Conflict and keeps the old codes",
    async () => {
      const { user, codes } = await withCodes(2);
      const repeated = hashedToken();
      await assert.rejects(
        async () => twoFactor().replaceBackupCodes(user.id, [hashedToken(), repeated, repeated]),
        hasCode("Conflict"),
      );
      assert.equal(await twoFactor().countBackupCodes(user.id), 2);
      assert.equal(await twoFactor().useBackupCode(user.id, codes[1] ?? ""), true);
    },
  );

  point("replaceBackupCodes for an unknown user rejects with code NotFound", async () => {
    const ghost = crypto.randomUUID();
    await assert.rejects(
      async () => twoFactor().replaceBackupCodes(ghost, codeHashes(2)),
      hasCode("NotFound"),
    );
    await assert.rejects(async () => twoFactor().replaceBackupCodes(ghost, []), hasCode("NotFound"));
    assert.equal(await twoFactor().countBackupCodes(ghost), 0);
  });

  point("deleteUser takes the enrolment and the backup codes with it", async () => {
    const { user } = await started();
    const codes = codeHashes(2);
    await twoFactor().replaceBackupCodes(user.id, codes);
    await adapter().deleteUser(user.id);
    // A user created again under the same id must not inherit either.
    await adapter().createUser({ ...newUser(), id: user.id });
    assert.equal(await twoFactor().getTwoFactor(user.id), null);
    assert.equal(await twoFactor().countBackupCodes(user.id), 0);
    assert.equal(await twoFactor().useBackupCode(user.id, codes[0] ?? ""), false);
  });

  point(
    "an empty secret or code hash, or a step that is not a whole number, is misuse: a TypeError",
    async () => {
      const { user } = await started();
      await assert.rejects(async () => twoFactor().startTwoFactor(user.id, ""), TypeError);
      for (const step of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        await assert.rejects(async () => twoFactor().useTotpStep(user.id, step), TypeError, String(step));
      }
      await assert.rejects(
        async () => twoFactor().replaceBackupCodes(user.id, [hashedToken(), ""]),
        TypeError,
      );
      assert.equal(await twoFactor().countBackupCodes(user.id), 0, "nothing written");
      assert.equal((await twoFactor().getTwoFactor(user.id))?.lastUsedStep, null);
    },
  );

  point(`useTotpStep: ${PARALLEL_USES} concurrent uses of the same step, exactly one is true`, async () => {
    const { user } = await started();
    const results = await Promise.all(
      Array.from({ length: PARALLEL_USES }, () => twoFactor().useTotpStep(user.id, 58_000_000)),
    );
    assert.equal(results.filter(Boolean).length, 1);
  });

  point(`useBackupCode: ${PARALLEL_USES} concurrent uses of one code, exactly one is true`, async () => {
    const { user, codes } = await withCodes(2);
    const results = await Promise.all(
      Array.from({ length: PARALLEL_USES }, () => twoFactor().useBackupCode(user.id, codes[0] ?? "")),
    );
    assert.equal(results.filter(Boolean).length, 1);
    assert.equal(await twoFactor().countBackupCodes(user.id), 1);
  });

  point(
    `replaceBackupCodes: ${PARALLEL_REPLACEMENTS} concurrent replacements leave exactly one of the new sets`,
    async () => {
      const { user } = await withCodes(3);
      const sets = Array.from({ length: PARALLEL_REPLACEMENTS }, () => codeHashes(3));
      await Promise.all(sets.map((set) => twoFactor().replaceBackupCodes(user.id, set)));
      assert.equal(await twoFactor().countBackupCodes(user.id), 3, "one set, not several");
      const usable = [];
      for (const set of sets) {
        const results = await Promise.all(set.map((code) => twoFactor().useBackupCode(user.id, code)));
        if (results.some(Boolean)) usable.push(results);
      }
      assert.deepEqual(usable, [[true, true, true]], "the codes of one replacement, all of them");
    },
  );
}
