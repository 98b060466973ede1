import assert from "node:assert/strict";
import { hashedToken, inMinutes, newAccount, newUser, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "deleteUser",
  "linkAccount",
  "unlinkAccount",
  "createSession",
  "getSessionAndUser",
  "updateSession",
  "deleteSession",
  "createVerificationToken",
  "useVerificationToken",
] as const;

export { METHODS };

export function userCases({ adapter, point }: CaseContext, options: { nullableEmail: boolean }): void {
  point("createUser returns the user with an id, and getUser reads the same user back", async () => {
    const data = newUser();
    const created = await adapter().createUser(data);
    assert.equal(typeof created.id, "string");
    assert.ok(created.id.length > 0);
    assert.deepEqual(userFields(created), { id: created.id, ...data });
    assert.deepEqual(userFields(await adapter().getUser(created.id)), { id: created.id, ...data });
  });

  point("createUser keeps a null emailVerified as null", async () => {
    const created = await adapter().createUser({ ...newUser(), emailVerified: null });
    assert.equal((await adapter().getUser(created.id))?.emailVerified, null);
  });

  point("getUser of an unknown id resolves to null", async () => {
    assert.equal(await adapter().getUser(crypto.randomUUID()), null);
  });

  point("getUserByEmail finds the user; an unknown email resolves to null", async () => {
    const created = await adapter().createUser(newUser());
    assert.equal((await adapter().getUserByEmail(created.email))?.id, created.id);
    assert.equal(await adapter().getUserByEmail(`nobody-${crypto.randomUUID()}@example.test`), null);
  });

  point("createUser rejects a second user with the same email", async () => {
    const data = newUser();
    const first = await adapter().createUser(data);
    await assert.rejects(async () => adapter().createUser({ ...newUser(), email: data.email }));
    assert.equal((await adapter().getUserByEmail(data.email))?.id, first.id);
  });

  point("updateUser changes the given fields, keeps the others and returns the result", async () => {
    const created = await adapter().createUser({ ...newUser(), emailVerified: null });
    const verifiedAt = new Date(Date.UTC(2025, 5, 6, 7, 8, 9, 10));
    const updated = await adapter().updateUser({
      id: created.id,
      name: "Renamed",
      emailVerified: verifiedAt,
    });
    const expected = { ...userFields(created), name: "Renamed", emailVerified: verifiedAt };
    assert.deepEqual(userFields(updated), expected);
    assert.deepEqual(userFields(await adapter().getUser(created.id)), expected);
  });

  point("deleteUser removes the user with their sessions and accounts", async () => {
    const user = await adapter().createUser(newUser());
    const account = newAccount(user.id);
    await adapter().linkAccount(account);
    const sessionToken = hashedToken();
    await adapter().createSession({ sessionToken, userId: user.id, expires: inMinutes(30) });

    await adapter().deleteUser(user.id);

    assert.equal(await adapter().getUser(user.id), null);
    assert.equal(await adapter().getUserByEmail(user.email), null);
    assert.equal(await adapter().getSessionAndUser(sessionToken), null);
    assert.equal(await adapter().getUserByAccount(account), null);
    // The account row itself is gone, not just orphaned: the identity can sign up afresh.
    const again = await adapter().createUser(newUser());
    await adapter().linkAccount({ ...account, userId: again.id });
    assert.equal((await adapter().getUserByAccount(account))?.id, again.id);
  });

  point("deleteUser of an unknown id does not throw", async () => {
    await adapter().deleteUser(crypto.randomUUID());
  });

  if (options.nullableEmail) {
    point("users without an email are allowed, several of them", async () => {
      // Credentials users may have no email; the unique index must not treat NULLs as equal.
      const data = { ...newUser(), email: null as unknown as string };
      const first = await adapter().createUser(data);
      const second = await adapter().createUser(data);
      assert.notEqual(first.id, second.id);
      assert.equal((await adapter().getUser(second.id))?.email, null);
    });
  }
}
