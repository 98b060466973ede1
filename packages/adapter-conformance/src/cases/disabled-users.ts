import assert from "node:assert/strict";
import type { AdapterUser } from "@gatehouse/core/adapter";
import { hashedToken, inMinutes, newAccount, newUser, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

export function disabledUserCases({ adapter, disabledUsers, count, point }: CaseContext): void {
  /** A user with a linked account and a stored session: reachable through every user read. */
  async function reachable() {
    const user = await adapter().createUser(newUser("disabled"));
    const account = newAccount(user.id);
    await adapter().linkAccount(account);
    const sessionToken = hashedToken();
    await adapter().createSession({ sessionToken, userId: user.id, expires: inMinutes(30) });
    return { user, account, sessionToken };
  }

  /** `disabledAt` as every user read returns it: getUser, getUserByEmail, getUserByAccount, getSessionAndUser. */
  async function disabledAtInEveryRead({
    user,
    account,
    sessionToken,
  }: Awaited<ReturnType<typeof reachable>>) {
    const reads: [string, AdapterUser | null | undefined][] = [
      ["getUser", await adapter().getUser(user.id)],
      ["getUserByEmail", await adapter().getUserByEmail(user.email)],
      ["getUserByAccount", await adapter().getUserByAccount(account)],
      ["getSessionAndUser", (await adapter().getSessionAndUser(sessionToken))?.user],
    ];
    return Object.fromEntries(reads.map(([read, found]) => [read, found?.disabledAt]));
  }

  const everywhere = (value: Date | null) => ({
    getUser: value,
    getUserByEmail: value,
    getUserByAccount: value,
    getSessionAndUser: value,
  });

  point("a new user is enabled: every user read has disabledAt null", async () => {
    const reached = await reachable();
    assert.equal(reached.user.disabledAt, null, "createUser's answer");
    assert.deepEqual(await disabledAtInEveryRead(reached), everywhere(null));
  });

  point(
    "setUserDisabled resolves to the user with disabledAt; it round-trips through every user read",
    async () => {
      const reached = await reachable();
      const at = new Date(Date.UTC(2025, 6, 8, 9, 10, 11, 123));
      const disabled = await disabledUsers().setUserDisabled(reached.user.id, at);
      assert.deepEqual(disabled, { ...reached.user, disabledAt: at });
      assert.deepEqual(await disabledAtInEveryRead(reached), everywhere(at));
      assert.deepEqual(
        userFields(await adapter().getUser(reached.user.id)),
        userFields(reached.user),
        "nothing else changed",
      );
      assert.ok(
        await adapter().getSessionAndUser(reached.sessionToken),
        "the session stays: ending sessions is the caller's (disableUser)",
      );
    },
  );

  point("setUserDisabled with null enables the user again: disabledAt is null in every read", async () => {
    const reached = await reachable();
    await disabledUsers().setUserDisabled(reached.user.id, new Date(Date.UTC(2025, 0, 1)));
    const enabled = await disabledUsers().setUserDisabled(reached.user.id, null);
    assert.deepEqual(enabled, { ...reached.user, disabledAt: null });
    assert.deepEqual(await disabledAtInEveryRead(reached), everywhere(null));
    assert.deepEqual(
      await disabledUsers().setUserDisabled(reached.user.id, null),
      enabled,
      "enabling an enabled user changes nothing",
    );
  });

  point("setUserDisabled again records the new time", async () => {
    const { user } = await reachable();
    const first = new Date(Date.UTC(2025, 0, 1));
    const second = new Date(Date.UTC(2025, 0, 2));
    await disabledUsers().setUserDisabled(user.id, first);
    assert.deepEqual((await disabledUsers().setUserDisabled(user.id, second))?.disabledAt, second);
    assert.deepEqual((await adapter().getUser(user.id))?.disabledAt, second);
  });

  point("setUserDisabled disables that user only", async () => {
    const { user } = await reachable();
    const other = await reachable();
    await disabledUsers().setUserDisabled(user.id, new Date(Date.UTC(2025, 0, 1)));
    assert.deepEqual(await disabledAtInEveryRead(other), everywhere(null));
  });

  point("setUserDisabled of an unknown id resolves to null and creates nothing", async () => {
    const counter = count();
    const before = counter && (await counter("users"));
    const ghost = crypto.randomUUID();
    assert.equal(await disabledUsers().setUserDisabled(ghost, new Date()), null);
    assert.equal(await disabledUsers().setUserDisabled(ghost, null), null);
    assert.equal(await adapter().getUser(ghost), null);
    if (counter) assert.equal(await counter("users"), before);
  });

  point("updateUser never changes disabledAt: a stale copy of the user cannot enable them", async () => {
    const { user } = await reachable();
    const at = new Date(Date.UTC(2025, 0, 3));
    await disabledUsers().setUserDisabled(user.id, at);
    // The copy read before the user was disabled, handed back with a change (a profile update).
    const updated = await adapter().updateUser({ ...user, disabledAt: null, name: "Renamed" });
    assert.equal(updated.name, "Renamed");
    assert.deepEqual(updated.disabledAt, at, "updateUser's answer has the stored mark");
    assert.deepEqual((await adapter().getUser(user.id))?.disabledAt, at);
  });

  point("setUserDisabled with an invalid Date is misuse: a TypeError, and nothing changes", async () => {
    const { user } = await reachable();
    await assert.rejects(
      async () => disabledUsers().setUserDisabled(user.id, new Date(Number.NaN)),
      TypeError,
    );
    assert.equal((await adapter().getUser(user.id))?.disabledAt, null);
  });
}
