import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { StoredPasskey } from "@gatehouse/core/adapter";
import type { SqlAdapter } from "../../src/sql-adapter.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";
import { openInWorker, type WorkerInstance } from "./instance-in-worker.ts";

const USES = 20;
const REPLACEMENTS = 8;

const codes = (n: number) => Array.from({ length: n }, () => crypto.randomUUID().replaceAll("-", ""));

// A code, a TOTP step and a passkey counter are each accepted once, and that must hold when the
// uses arrive at different app instances at the same moment: each instance here has its own
// connection (pool or file handle) in a thread of its own, so only the database decides.
for (const kind of await databasesFor("passkeys and two-factor across instances")) {
  describe(`passkeys and two-factor across instances on ${kind.name}`, () => {
    let db: TestDatabase;
    let first: SqlAdapter;
    /** This thread's adapter and three instances in worker threads. */
    let instances: (SqlAdapter | WorkerInstance)[];

    before(async () => {
      db = await kind.open();
      first = db.adapter;
      instances = [first, ...(await Promise.all([1, 2, 3].map(() => openInWorker(db.url))))];
    });
    after(async () => {
      for (const instance of instances.slice(1)) await instance.close();
      await db.close();
    });
    const on = (i: number) => instances[i % instances.length]!;

    async function user() {
      return first.createUser({ email: `2fa-${crypto.randomUUID()}@example.test`, emailVerified: null });
    }

    async function passkey(userId: string, counter: number): Promise<StoredPasskey> {
      return first.createPasskey({
        id: `cred-${crypto.randomUUID()}`,
        userId,
        publicKey: "pQECAyYgASFYIA",
        counter,
        transports: ["internal"],
        deviceType: "multiDevice",
        backedUp: true,
        name: "Laptop",
        createdAt: new Date(Date.UTC(2025, 0, 1)),
        lastUsedAt: null,
      });
    }

    test(`${USES} concurrent uses of one backup code on four instances: exactly one is accepted`, async () => {
      const { id } = await user();
      const [code, other] = codes(2) as [string, string];
      await first.replaceBackupCodes(id, [code, other]);
      const results = await Promise.all(
        Array.from({ length: USES }, (_, i) => on(i).useBackupCode(id, code)),
      );
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal(await first.countBackupCodes(id), 1, "the other code is still unused");
    });

    test(`${USES} concurrent uses of one TOTP step on four instances: exactly one is accepted`, async () => {
      const { id } = await user();
      await first.startTwoFactor(id, "gh.enc.sealed");
      const results = await Promise.all(
        Array.from({ length: USES }, (_, i) => on(i).useTotpStep(id, 58_000_000)),
      );
      assert.equal(results.filter(Boolean).length, 1);
    });

    test("concurrent uses of different TOTP steps on four instances end at the greatest step", async () => {
      const { id } = await user();
      await first.startTwoFactor(id, "gh.enc.sealed");
      const steps = Array.from({ length: USES }, (_, i) => 1000 + ((i * 7) % USES));
      const results = await Promise.all(steps.map((step, i) => on(i).useTotpStep(id, step)));
      assert.ok(results.some(Boolean));
      assert.equal((await first.getTwoFactor(id))?.lastUsedStep, Math.max(...steps), "never moved back");
    });

    test(`${USES} concurrent uses of a passkey with the same counter on four instances: exactly one is accepted`, async () => {
      const { id } = await user();
      const { id: credential } = await passkey(id, 41);
      const usedAt = new Date(Date.UTC(2025, 1, 1));
      const results = await Promise.all(
        Array.from({ length: USES }, (_, i) => on(i).usePasskey(credential, 42, usedAt)),
      );
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal((await first.getPasskey(credential))?.counter, 42);
    });

    /** What passkey sign-up hands over: a user under the id core chose, and their passkey. */
    function signUp(email: string, credentialId = `cred-${crypto.randomUUID()}`) {
      const id = crypto.randomUUID();
      return {
        user: { id, email, emailVerified: null },
        passkey: {
          id: credentialId,
          userId: id,
          publicKey: "pQECAyYgASFYIA",
          counter: 0,
          transports: ["internal"],
          deviceType: "multiDevice" as const,
          backedUp: true,
          name: "Phone",
          createdAt: new Date(Date.UTC(2025, 0, 1)),
          lastUsedAt: null,
        },
      };
    }

    test(`${USES} concurrent passkey sign-ups for one email on four instances: one user with one passkey, the winner's`, async () => {
      const email = `passkey-race-${crypto.randomUUID()}@example.test`;
      const users = await db.count("gh_users");
      const passkeys = await db.count("gh_passkeys");
      const attempts = Array.from({ length: USES }, () => signUp(email));
      const results = await Promise.all(
        attempts.map(({ user, passkey }, i) => on(i).createUserWithPasskey(user, passkey)),
      );
      const winners = results.filter((result) => result !== null);
      assert.equal(winners.length, 1, "exactly one sign-up wins; the others resolve to null");
      assert.equal(await db.count("gh_users"), users + 1);
      assert.equal(await db.count("gh_passkeys"), passkeys + 1, "no loser's passkey");
      const winner = winners[0]!;
      assert.equal((await first.getUserByEmail(email))?.id, winner.user.id);
      assert.deepEqual(await first.listPasskeys(winner.user.id), [winner.passkey]);
    });

    test(`${USES} concurrent passkey sign-ups with one credential id on four instances: one user, the others Conflict and leave no user`, async () => {
      const users = await db.count("gh_users");
      const credentialId = `cred-${crypto.randomUUID()}`;
      const attempts = Array.from({ length: USES }, () =>
        signUp(`same-cred-${crypto.randomUUID()}@example.test`, credentialId),
      );
      const results = await Promise.allSettled(
        attempts.map(({ user, passkey }, i) => on(i).createUserWithPasskey(user, passkey)),
      );
      const created = results.flatMap((result) =>
        result.status === "fulfilled" && result.value !== null ? [result.value] : [],
      );
      assert.equal(created.length, 1, "exactly one stores the passkey");
      const codes = results.flatMap((result) =>
        result.status === "rejected" ? [(result.reason as { code?: unknown }).code] : [],
      );
      assert.deepEqual(codes, Array(USES - 1).fill("Conflict"));
      assert.equal(await db.count("gh_users"), users + 1, "the losers' users were rolled back");
      const stored = await Promise.all(attempts.map(({ user }) => first.getUser(user.id)));
      assert.deepEqual(
        stored.flatMap((user) => (user === null ? [] : [user.id])),
        [created[0]!.user.id],
      );
      assert.equal((await first.getPasskey(credentialId))?.userId, created[0]!.user.id);
    });

    test(`${REPLACEMENTS} concurrent backup-code replacements on four instances leave one whole set`, async () => {
      const { id } = await user();
      await first.replaceBackupCodes(id, codes(5));
      const sets = Array.from({ length: REPLACEMENTS }, () => codes(5));
      await Promise.all(sets.map((set, i) => on(i).replaceBackupCodes(id, set)));
      const stored = await first.db.kysely
        .selectFrom("gh_backup_codes")
        .select("code_hash")
        .where("user_id", "=", id)
        .execute();
      const hashes = new Set(stored.map((row) => row.code_hash));
      assert.equal(
        sets.filter((set) => set.every((code) => hashes.has(code))).length,
        1,
        "exactly one set is stored, whole",
      );
      assert.equal(hashes.size, 5, "and nothing else");
    });

    test("deleteUser deletes the user's passkeys, enrolment and backup codes, and no one else's", async () => {
      const [gone, kept] = [await user(), await user()];
      for (const { id } of [gone, kept]) {
        await passkey(id, 0);
        await passkey(id, 0);
        await first.startTwoFactor(id, "gh.enc.sealed");
        await first.replaceBackupCodes(id, codes(3));
      }
      const tables = ["gh_passkeys", "gh_two_factor", "gh_backup_codes"] as const;
      const rowsOf = async (userId: string) =>
        Promise.all(
          tables.map(async (table) => {
            const rows = await first.db.kysely
              .selectFrom(table)
              .select("user_id")
              .where("user_id", "=", userId)
              .execute();
            return rows.length;
          }),
        );
      assert.deepEqual(await rowsOf(gone.id), [2, 1, 3]);
      await first.deleteUser(gone.id);
      assert.deepEqual(await rowsOf(gone.id), [0, 0, 0], "ON DELETE CASCADE");
      assert.deepEqual(await rowsOf(kept.id), [2, 1, 3]);
    });
  });
}
