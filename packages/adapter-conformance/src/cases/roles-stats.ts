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

export function roleAndStatsCases(context: CaseContext): void {
  const { adapter, admin, point } = context;

  /** A user with a linked account and a stored session: reachable through every user read. */
  async function reachable() {
    const user = await adapter().createUser(newUser("role"));
    const account = newAccount(user.id);
    await adapter().linkAccount(account);
    const sessionToken = hashedToken();
    await adapter().createSession({ sessionToken, userId: user.id, expires: inMinutes(30) });
    return { user, account, sessionToken };
  }

  /** `role` as every user read returns it: getUser, getUserByEmail, getUserByAccount, getSessionAndUser. */
  async function roleInEveryRead({ user, account, sessionToken }: Awaited<ReturnType<typeof reachable>>) {
    return {
      getUser: (await adapter().getUser(user.id))?.role,
      getUserByEmail: (await adapter().getUserByEmail(user.email))?.role,
      getUserByAccount: (await adapter().getUserByAccount(account))?.role,
      getSessionAndUser: (await adapter().getSessionAndUser(sessionToken))?.user.role,
    };
  }
  const everywhere = (role: string | null) => ({
    getUser: role,
    getUserByEmail: role,
    getUserByAccount: role,
    getSessionAndUser: role,
  });

  point("a new user has no role and a createdAt: now, or the time the caller gives", async () => {
    const before = Date.now();
    const now = await adapter().createUser({ ...newUser("created"), role: "admin" });
    const after = Date.now();
    assert.equal(now.role, null, "createUser never sets a role");
    assert.ok(now.createdAt instanceof Date, "createdAt is a Date");
    assert.ok(now.createdAt.getTime() >= before && now.createdAt.getTime() <= after, "created now");
    const at = new Date(Date.UTC(2021, 4, 5, 6, 7, 8, 901));
    const imported = await adapter().createUser({ ...newUser("imported"), createdAt: at });
    assert.deepEqual(imported.createdAt, at);
    assert.deepEqual((await adapter().getUser(imported.id))?.createdAt, at, "as stored");
    assert.deepEqual(await adapter().getUser(now.id), now, "every field read back as returned");
  });

  point("every sign-up path stores createdAt and no role", async () => {
    const { extensions, passwords, passkeys } = context;
    const before = Date.now();
    const viaAccount = await extensions().createUserAndAccount(newUser("via-account"), newIdentity());
    const viaPassword = await passwords().createUserWithPassword(newUser("via-password"), "$argon2id$h");
    const id = crypto.randomUUID();
    const viaPasskey = await passkeys().createUserWithPasskey(
      { ...newUser("via-passkey"), id, emailVerified: null },
      newPasskey(id),
    );
    const after = Date.now();
    for (const [path, user] of [
      ["createUserAndAccount", viaAccount],
      ["createUserWithPassword", viaPassword],
      ["createUserWithPasskey", viaPasskey?.user],
    ] as const) {
      assert.ok(user, path);
      const stored = await adapter().getUser(user.id);
      assert.equal(stored?.role, null, path);
      const created = stored?.createdAt?.getTime() ?? Number.NaN;
      assert.ok(created >= before && created <= after, `${path}: created now`);
      assert.deepEqual(user.createdAt, stored?.createdAt, `${path}: its answer has it too`);
    }
  });

  point("setUserRole resolves to the user with the role; every user read carries it", async () => {
    const reached = await reachable();
    const set = await admin().setUserRole(reached.user.id, "support");
    assert.deepEqual(set, { ...reached.user, role: "support" });
    assert.deepEqual(await roleInEveryRead(reached), everywhere("support"));
    assert.deepEqual((await admin().setUserRole(reached.user.id, "admin"))?.role, "admin", "replaced");
    assert.deepEqual(await roleInEveryRead(reached), everywhere("admin"));
  });

  point("setUserRole with null clears the role, of that user only", async () => {
    const reached = await reachable();
    const other = await reachable();
    await admin().setUserRole(reached.user.id, "admin");
    await admin().setUserRole(other.user.id, "admin");
    assert.deepEqual(await admin().setUserRole(reached.user.id, null), { ...reached.user, role: null });
    assert.deepEqual(await roleInEveryRead(reached), everywhere(null));
    assert.deepEqual(await roleInEveryRead(other), everywhere("admin"));
  });

  point("setUserRole of an unknown id resolves to null and creates nothing", async () => {
    const counter = context.count();
    const before = counter && (await counter("users"));
    const ghost = crypto.randomUUID();
    assert.equal(await admin().setUserRole(ghost, "admin"), null);
    assert.equal(await admin().setUserRole(ghost, null), null);
    assert.equal(await adapter().getUser(ghost), null);
    if (counter) assert.equal(await counter("users"), before);
  });

  point(
    "setUserRole with an empty or non-string role is misuse: a TypeError, and nothing changes",
    async () => {
      const { user } = await reachable();
      await admin().setUserRole(user.id, "support");
      for (const role of ["", 7, undefined]) {
        await assert.rejects(
          async () => admin().setUserRole(user.id, role as string),
          TypeError,
          String(role),
        );
      }
      assert.equal((await adapter().getUser(user.id))?.role, "support");
    },
  );

  point(
    "updateUser never changes role nor createdAt: a stale copy of the user cannot undo a role change",
    async () => {
      const { user } = await reachable();
      await admin().setUserRole(user.id, "admin");
      // The copy read before the role was given, handed back with a change (a profile update).
      const updated = await adapter().updateUser({
        ...user,
        role: null,
        createdAt: new Date(Date.UTC(2000, 0, 1)),
        name: "Renamed",
      });
      assert.equal(updated.name, "Renamed");
      assert.equal(updated.role, "admin", "updateUser's answer has the stored role");
      assert.deepEqual(updated.createdAt, user.createdAt);
      const stored = await adapter().getUser(user.id);
      assert.equal(stored?.role, "admin");
      assert.deepEqual(stored?.createdAt, user.createdAt);
    },
  );

  point(
    "userStats counts users, disabled users, live sessions at now and entries of each kind since",
    async () => {
      const { disabledUsers, sessionRecords, audit } = context;
      const now = new Date(Date.UTC(2031, 5, 6, 7, 8, 9, 10));
      const since = new Date(now.getTime() - 86_400_000);
      // Kinds no other case writes: their counts are exact, not a difference.
      const [signIn, failed, none] = ["sign-in", "sign-in-failed", "never"].map((kind) => `${kind}-${tag()}`);
      const kinds = [signIn!, failed!, none!];
      const before = await admin().userStats({ now, since, kinds });
      assert.deepEqual(before.events, { [signIn!]: 0, [failed!]: 0, [none!]: 0 }, "every asked kind, 0");

      const users = await Promise.all([1, 2, 3].map(() => adapter().createUser(newUser("stats"))));
      const [a, b, c] = users as [AdapterUser, AdapterUser, AdapterUser];
      await disabledUsers().setUserDisabled(a.id, now);
      await disabledUsers().setUserDisabled(b.id, now);
      await disabledUsers().setUserDisabled(b.id, null);
      for (const expires of [new Date(now.getTime() + 1), new Date(now.getTime() + 86_400_000)]) {
        await sessionRecords().createSessionRecord(newSessionRecord(c.id, { expires }));
      }
      // Expired at now: a record is live while `expires > now`.
      for (const expires of [now, new Date(now.getTime() - 1)]) {
        await sessionRecords().createSessionRecord(newSessionRecord(c.id, { expires }));
      }
      const entry = (kind: string, at: Date) =>
        audit().appendAudit({
          at,
          kind,
          actorId: null,
          subjectId: a.id,
          ip: null,
          userAgent: null,
          detail: {},
        });
      await entry(signIn!, since); // `since` itself counts
      await entry(signIn!, now);
      await entry(signIn!, new Date(since.getTime() - 1)); // before: not counted
      await entry(failed!, new Date(now.getTime() - 1000));
      await entry(`other-${tag()}`, now);

      const after = await admin().userStats({ now, since, kinds });
      assert.deepEqual(
        {
          users: after.users - before.users,
          disabledUsers: after.disabledUsers - before.disabledUsers,
          activeSessions: after.activeSessions - before.activeSessions,
        },
        { users: 3, disabledUsers: 1, activeSessions: 2 },
      );
      assert.deepEqual(after.events, { [signIn!]: 2, [failed!]: 1, [none!]: 0 });
      const counter = context.count();
      if (counter) assert.equal(after.users, await counter("users"), "every user");
      assert.deepEqual(
        (await admin().userStats({ now, since, kinds: [] })).events,
        {},
        "no kinds, no counts",
      );
      assert.deepEqual(
        (await admin().userStats({ now, since, kinds: [signIn!, signIn!] })).events,
        { [signIn!]: 2 },
        "a kind asked twice is counted once",
      );
    },
  );

  point("userStats with an invalid date or kinds is misuse: a TypeError", async () => {
    const valid = { now: new Date(), since: new Date(0), kinds: ["sign-in"] };
    for (const query of [
      { ...valid, now: new Date(Number.NaN) },
      { ...valid, since: new Date(Number.NaN) },
      { ...valid, kinds: [""] },
      { ...valid, kinds: "sign-in" },
    ]) {
      await assert.rejects(
        async () => admin().userStats(query as typeof valid),
        TypeError,
        JSON.stringify(query),
      );
    }
  });
}
