import assert from "node:assert/strict";
import type { AdapterUser } from "@gatehouse/core/adapter";
import {
  hashedToken,
  inMinutes,
  newAccount,
  newIdentity,
  newPasskey,
  newSessionRecord,
  newUser,
  tag,
} from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL = 20;
const NOW = new Date(Date.UTC(2030, 0, 1));
const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

/** A stored password hash as core hands it over (a PHC string), unique per call. */
function phc(): string {
  return `$argon2id$v=19$m=19456,t=2,p=1$${tag()}${tag()}$${tag()}${tag()}`;
}

/**
 * The security generation every outstanding link is bound to, and the claim of an unverified user
 * by the owner of its address (pre-account hijacking): the claim strips everything at once or
 * nothing, and of racing claims or compare-and-set bumps exactly one wins.
 */
export function securityGenerationCases(context: CaseContext): void {
  const { adapter, security, passwords, passkeys, twoFactor, sessionRecords, disabledUsers, admin, point } =
    context;

  /** An unverified user with everything an unproven party could have set, and a way to reach them. */
  async function furnished(label = "unproven") {
    const user = await adapter().createUser({ ...newUser(label), emailVerified: null });
    await passwords().setPasswordHash(user.id, phc());
    const passkey = newPasskey(user.id);
    await passkeys().createPasskey(passkey);
    await twoFactor().startTwoFactor(user.id, `sealed-${tag()}`);
    await twoFactor().enableTwoFactor(user.id, new Date(Date.UTC(2025, 0, 3)));
    await twoFactor().replaceBackupCodes(user.id, [`code-${tag()}`, `code-${tag()}`]);
    const account = newAccount(user.id, "lax");
    await adapter().linkAccount(account);
    const sessionToken = hashedToken(); // a database session, written with its record
    await sessionRecords().createSessionRecord(
      newSessionRecord(user.id, { sessionTokenHash: sessionToken, method: "lax", expires: inMinutes(60) }),
    );
    const jwtRecord = newSessionRecord(user.id, { method: "password" });
    await sessionRecords().createSessionRecord(jwtRecord);
    const bare = hashedToken(); // a database session stored before records existed
    await adapter().createSession({ sessionToken: bare, userId: user.id, expires: inMinutes(60) });
    return { user, passkey, account, sessionToken, bare };
  }

  point("a new user's securityGeneration is 0 in every user read", async () => {
    const user = await adapter().createUser(newUser("generation"));
    const account = newAccount(user.id);
    await adapter().linkAccount(account);
    const sessionToken = hashedToken();
    await adapter().createSession({ sessionToken, userId: user.id, expires: inMinutes(30) });
    assert.equal(user.securityGeneration, 0, "createUser's answer");
    const reads: (AdapterUser | null | undefined)[] = [
      await adapter().getUser(user.id),
      await adapter().getUserByEmail(user.email),
      await adapter().getUserByAccount(account),
      (await adapter().getSessionAndUser(sessionToken))?.user,
    ];
    assert.deepEqual(
      reads.map((read) => read?.securityGeneration),
      [0, 0, 0, 0],
    );
  });

  point("bumpSecurityGeneration moves it on by one and resolves to the new value", async () => {
    const user = await adapter().createUser(newUser("generation"));
    assert.equal(await security().bumpSecurityGeneration(user.id), 1);
    assert.equal(await security().bumpSecurityGeneration(user.id), 2);
    assert.equal((await adapter().getUser(user.id))?.securityGeneration, 2);
    assert.equal((await adapter().getUserByEmail(user.email))?.securityGeneration, 2);
    const other = await adapter().createUser(newUser("generation"));
    assert.equal((await adapter().getUser(other.id))?.securityGeneration, 0, "that user's only");
  });

  point(
    "bumpSecurityGeneration with expected: only while the generation is that (compare-and-set)",
    async () => {
      const user = await adapter().createUser(newUser("generation"));
      assert.equal(await security().bumpSecurityGeneration(user.id, 0), 1);
      assert.equal(await security().bumpSecurityGeneration(user.id, 0), null, "0 is gone");
      assert.equal(await security().bumpSecurityGeneration(user.id, 5), null, "never there");
      assert.equal((await adapter().getUser(user.id))?.securityGeneration, 1, "a refusal writes nothing");
      assert.equal(await security().bumpSecurityGeneration(user.id, 1), 2);
    },
  );

  point(
    "bumpSecurityGeneration of an unknown user resolves to null; a non-integer expected is misuse",
    async () => {
      assert.equal(await security().bumpSecurityGeneration(crypto.randomUUID()), null);
      assert.equal(await security().bumpSecurityGeneration(crypto.randomUUID(), 0), null);
      const user = await adapter().createUser(newUser("generation"));
      await assert.rejects(async () => security().bumpSecurityGeneration(user.id, 1.5), TypeError);
    },
  );

  point(`of ${PARALLEL} compare-and-set bumps from one generation at once, exactly one wins`, async () => {
    const user = await adapter().createUser(newUser("generation"));
    await security().bumpSecurityGeneration(user.id);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => security().bumpSecurityGeneration(user.id, 1)),
    );
    assert.deepEqual(
      results.filter((result) => result !== null),
      [2],
    );
    assert.equal((await adapter().getUser(user.id))?.securityGeneration, 2);
  });

  point("updateUser never writes securityGeneration: a stale copy cannot revive voided links", async () => {
    const user = await adapter().createUser(newUser("generation"));
    await security().bumpSecurityGeneration(user.id);
    const updated = await adapter().updateUser({ ...user, securityGeneration: 0, name: "Renamed" });
    assert.equal(updated.name, "Renamed");
    assert.equal(updated.securityGeneration, 1, "updateUser's answer has the stored value");
    assert.equal((await adapter().getUser(user.id))?.securityGeneration, 1);
  });

  point(
    "claimUnverifiedUser strips what the unproven party set, verifies the address and moves the generation on, at once",
    async () => {
      const { user, passkey, account, sessionToken, bare } = await furnished();
      await admin().setUserRole(user.id, "admin");
      const neighbour = await furnished("neighbour");
      const verifiedAt = new Date(Date.UTC(2026, 3, 4, 5, 6, 7, 890));
      const claimed = await security().claimUnverifiedUser(user.id, { verifiedAt, link: null });
      assert.ok(claimed, "an unverified user is claimed");
      assert.deepEqual(claimed.removed, {
        password: true,
        passkeys: 1,
        twoFactor: true,
        accounts: 1,
        sessions: 3,
        profile: true,
      });
      const stored = await adapter().getUser(user.id);
      assert.deepEqual(claimed.user, stored, "the answer is the user as stored");
      assert.equal(stored?.id, user.id, "the same user: the app's data keyed on the id stays theirs");
      assert.equal(stored?.email, user.email);
      assert.deepEqual(stored?.emailVerified, verifiedAt);
      assert.equal(stored?.name, null);
      assert.equal(stored?.image, null);
      assert.equal(stored?.role, "admin", "an administrator's choice stays");
      assert.deepEqual(stored?.createdAt, user.createdAt);
      assert.equal(stored?.securityGeneration, 1);
      assert.equal(await passwords().getPasswordHash(user.id), null);
      assert.equal(await passkeys().getPasskey(passkey.id), null);
      assert.deepEqual(await passkeys().listPasskeys(user.id), []);
      assert.equal(await twoFactor().getTwoFactor(user.id), null);
      assert.equal(await twoFactor().countBackupCodes(user.id), 0);
      assert.equal(await adapter().getUserByAccount(account), null);
      assert.equal(await adapter().getSessionAndUser(sessionToken), null);
      assert.equal(await adapter().getSessionAndUser(bare), null, "sessions without a record too");
      assert.deepEqual(await sessionRecords().listSessionRecordIds(user.id, NOW), []);
      assert.deepEqual(await passwords().getSessionsValidAfter(user.id), verifiedAt, "jwt sessions void");

      const other = neighbour.user;
      assert.ok(await passwords().getPasswordHash(other.id), "another user keeps everything");
      assert.ok(await passkeys().getPasskey(neighbour.passkey.id));
      assert.ok(await adapter().getUserByAccount(neighbour.account));
      assert.ok(await adapter().getSessionAndUser(neighbour.sessionToken));
      assert.equal(await twoFactor().countBackupCodes(other.id), 2);
      assert.equal((await adapter().getUser(other.id))?.emailVerified, null);
    },
  );

  point(
    "claimUnverifiedUser links the provider account proving the address, in the same transaction",
    async () => {
      const { user, account } = await furnished();
      const proving = newAccount(user.id, "trusted");
      const claimed = await security().claimUnverifiedUser(user.id, { verifiedAt: NOW, link: proving });
      assert.equal(claimed?.removed.accounts, 1, "the lax account went, the proving one is not counted");
      assert.equal((await adapter().getUserByAccount(proving))?.id, user.id);
      assert.equal(await adapter().getUserByAccount(account), null);
      const linked = await context.extensions().listAccountsByUserId?.(user.id);
      if (linked)
        assert.deepEqual(
          linked.map((each) => each.provider),
          ["trusted"],
        );
    },
  );

  point("claimUnverifiedUser of a clean user: nothing to remove, still verified and moved on", async () => {
    const user = await adapter().createUser({
      ...newUser("clean"),
      name: null,
      image: null,
      emailVerified: null,
    });
    const claimed = await security().claimUnverifiedUser(user.id, { verifiedAt: NOW, link: null });
    assert.deepEqual(claimed?.removed, {
      password: false,
      passkeys: 0,
      twoFactor: false,
      accounts: 0,
      sessions: 0,
      profile: false,
    });
    assert.equal(claimed?.user.securityGeneration, 1);
  });

  point(
    "claimUnverifiedUser of a verified or unknown user resolves to null and changes nothing",
    async () => {
      const user = await adapter().createUser(newUser("verified"));
      const hash = phc();
      await passwords().setPasswordHash(user.id, hash);
      assert.equal(await security().claimUnverifiedUser(user.id, { verifiedAt: NOW, link: null }), null);
      const stored = await adapter().getUser(user.id);
      assert.deepEqual(stored?.emailVerified, user.emailVerified);
      assert.equal(stored?.securityGeneration, 0);
      assert.equal(stored?.name, user.name);
      assert.equal(await passwords().getPasswordHash(user.id), hash);
      assert.equal(
        await security().claimUnverifiedUser(crypto.randomUUID(), { verifiedAt: NOW, link: null }),
        null,
      );
    },
  );

  point(`of ${PARALLEL} claims of one unverified user at once, exactly one strips it`, async () => {
    const { user } = await furnished();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        security().claimUnverifiedUser(user.id, { verifiedAt: new Date(NOW.getTime() + i), link: null }),
      ),
    );
    const winners = results.filter((result) => result !== null);
    assert.equal(winners.length, 1);
    const stored = await adapter().getUser(user.id);
    assert.equal(stored?.securityGeneration, 1, "moved on once");
    assert.deepEqual(stored?.emailVerified, winners[0]?.user.emailVerified);
    assert.equal(await passwords().getPasswordHash(user.id), null);
  });

  point("claimUnverifiedUser with a link someone else holds: Conflict, and nothing is claimed", async () => {
    const { user, account } = await furnished();
    const holder = await adapter().createUser(newUser("holder"));
    const taken = { ...newIdentity("trusted"), userId: holder.id };
    await adapter().linkAccount(taken);
    await assert.rejects(
      async () =>
        security().claimUnverifiedUser(user.id, { verifiedAt: NOW, link: { ...taken, userId: user.id } }),
      hasCode("Conflict"),
    );
    const stored = await adapter().getUser(user.id);
    assert.equal(stored?.emailVerified, null, "rolled back");
    assert.equal(stored?.securityGeneration, 0);
    assert.ok(await passwords().getPasswordHash(user.id), "the password is still there: nothing half-done");
    assert.equal((await adapter().getUserByAccount(account))?.id, user.id);
    assert.equal((await adapter().getUserByAccount(taken))?.id, holder.id);
  });

  point("claimUnverifiedUser of a disabled user keeps the mark", async () => {
    const user = await adapter().createUser({ ...newUser("disabled"), emailVerified: null });
    const at = new Date(Date.UTC(2025, 4, 5));
    await disabledUsers().setUserDisabled(user.id, at);
    const claimed = await security().claimUnverifiedUser(user.id, { verifiedAt: NOW, link: null });
    assert.deepEqual(claimed?.user.disabledAt, at);
  });

  point("claimUnverifiedUser with an invalid Date is misuse: a TypeError, and nothing changes", async () => {
    const { user } = await furnished();
    await assert.rejects(
      async () => security().claimUnverifiedUser(user.id, { verifiedAt: new Date(Number.NaN), link: null }),
      TypeError,
    );
    assert.equal((await adapter().getUser(user.id))?.emailVerified, null);
  });
}
