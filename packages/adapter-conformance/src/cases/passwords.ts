import assert from "node:assert/strict";
import { newUser, tag, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_SIGN_UPS = 20;

/** A stored password hash as core hands it over: a PHC string, unique per call. */
function phc(): string {
  return `$argon2id$v=19$m=19456,t=2,p=1$${tag()}${tag()}$${tag()}${tag()}${tag()}`;
}

const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

export function passwordCases({ adapter, passwords, count, point }: CaseContext): void {
  point("createUserWithPassword creates the user and stores the hash with it", async () => {
    const data = newUser("signup");
    const hash = phc();
    const user = await passwords().createUserWithPassword(data, hash);
    assert.ok(user, "a new email gets a user");
    assert.deepEqual(userFields(user), { id: user.id, ...data });
    assert.deepEqual(userFields(await adapter().getUserByEmail(data.email)), userFields(user));
    assert.equal(await passwords().getPasswordHash(user.id), hash);
  });

  point("getPasswordHash is null for a user without a password and for an unknown user", async () => {
    const user = await adapter().createUser(newUser());
    assert.equal(await passwords().getPasswordHash(user.id), null);
    assert.equal(await passwords().getPasswordHash(crypto.randomUUID()), null);
  });

  point("setPasswordHash sets, then replaces, one user's hash and no other's", async () => {
    const user = await adapter().createUser(newUser());
    const other = await passwords().createUserWithPassword(newUser("other"), phc());
    assert.ok(other);
    const othersHash = await passwords().getPasswordHash(other.id);
    const first = phc();
    await passwords().setPasswordHash(user.id, first);
    assert.equal(await passwords().getPasswordHash(user.id), first);
    const second = phc();
    await passwords().setPasswordHash(user.id, second);
    assert.equal(await passwords().getPasswordHash(user.id), second);
    assert.equal(await passwords().getPasswordHash(other.id), othersHash);
  });

  point("deletePasswordHash deletes one user's hash: true, then false; others keep theirs", async () => {
    const user = await passwords().createUserWithPassword(newUser("delete"), phc());
    const other = await passwords().createUserWithPassword(newUser("keep"), phc());
    assert.ok(user && other);
    const othersHash = await passwords().getPasswordHash(other.id);
    assert.equal(await passwords().deletePasswordHash(user.id), true);
    assert.equal(await passwords().getPasswordHash(user.id), null);
    assert.equal(await passwords().deletePasswordHash(user.id), false, "nothing left to delete");
    assert.equal(await passwords().deletePasswordHash(crypto.randomUUID()), false);
    assert.equal(await passwords().getPasswordHash(other.id), othersHash);
    assert.ok(await adapter().getUser(user.id), "the user stays");
  });

  point("setPasswordHash of an unknown user rejects with code NotFound and stores nothing", async () => {
    const counter = count();
    const before = counter && (await counter("passwords"));
    const ghost = crypto.randomUUID();
    await assert.rejects(async () => passwords().setPasswordHash(ghost, phc()), hasCode("NotFound"));
    assert.equal(await passwords().getPasswordHash(ghost), null);
    if (counter) assert.equal(await counter("passwords"), before);
  });

  point("createUserWithPassword of a taken email resolves to null and writes nothing", async () => {
    const counter = count();
    const withoutPassword = await adapter().createUser(newUser("holder"));
    const withPassword = newUser("holder");
    const holderHash = phc();
    const holder = await passwords().createUserWithPassword(withPassword, holderHash);
    assert.ok(holder);
    const before = counter && { users: await counter("users"), passwords: await counter("passwords") };

    const intruder = { ...newUser("intruder"), email: withoutPassword.email };
    assert.equal(await passwords().createUserWithPassword(intruder, phc()), null);
    assert.equal(
      await passwords().getPasswordHash(withoutPassword.id),
      null,
      "no password was added to the user who holds the email",
    );
    assert.equal(
      await passwords().createUserWithPassword({ ...newUser("intruder"), email: withPassword.email }, phc()),
      null,
    );
    assert.equal(await passwords().getPasswordHash(holder.id), holderHash, "the holder's hash is kept");
    assert.deepEqual(
      userFields(await adapter().getUserByEmail(withoutPassword.email)),
      userFields(withoutPassword),
    );
    if (counter && before) {
      assert.equal(await counter("users"), before.users, "no user row");
      assert.equal(await counter("passwords"), before.passwords, "no password row");
    }
  });

  point(
    `createUserWithPassword: ${PARALLEL_SIGN_UPS} concurrent sign-ups for one email make one user with one password`,
    async () => {
      const counter = count();
      const before = counter && { users: await counter("users"), passwords: await counter("passwords") };
      const data = newUser("race");
      const hashes = Array.from({ length: PARALLEL_SIGN_UPS }, () => phc());
      const results = await Promise.allSettled(
        hashes.map((hash) => passwords().createUserWithPassword(data, hash)),
      );
      const rejected = results.filter((result) => result.status === "rejected");
      assert.deepEqual(rejected, [], "no call rejects: the losers resolve to null");
      const values = results.map((result) => (result.status === "fulfilled" ? result.value : null));
      const winners = values.flatMap((user, i) => (user === null ? [] : [{ user, hash: hashes[i] }]));
      assert.equal(winners.length, 1, "exactly one sign-up creates the user");
      const [winner] = winners;
      assert.equal((await adapter().getUserByEmail(data.email))?.id, winner?.user.id);
      assert.equal(
        await passwords().getPasswordHash(winner?.user.id ?? ""),
        winner?.hash,
        "the stored hash is the winner's, not a loser's",
      );
      if (counter && before) {
        assert.equal(await counter("users"), before.users + 1, "exactly one user row");
        assert.equal(await counter("passwords"), before.passwords + 1, "exactly one password row");
      }
    },
  );

  point("deleteUser takes the password hash and the sessions-valid-after time with it", async () => {
    const user = await passwords().createUserWithPassword(newUser(), phc());
    assert.ok(user);
    await passwords().setSessionsValidAfter(user.id, new Date(Date.UTC(2025, 5, 1)));
    await adapter().deleteUser(user.id);
    assert.equal(await passwords().getPasswordHash(user.id), null);
    // A user created again under the same id must not inherit either.
    await adapter().createUser({ ...newUser(), id: user.id });
    assert.equal(await passwords().getPasswordHash(user.id), null);
    assert.equal(await passwords().getSessionsValidAfter(user.id), null);
  });

  point("no user read carries the password hash", async () => {
    const hash = phc();
    const user = await passwords().createUserWithPassword(newUser(), hash);
    assert.ok(user);
    const reads = [user, await adapter().getUser(user.id), await adapter().getUserByEmail(user.email)];
    for (const read of reads) assert.ok(!JSON.stringify(read).includes(hash), "the hash stays in its table");
  });

  point("a missing email or an empty hash is misuse: a TypeError, and nothing is written", async () => {
    const user = await adapter().createUser(newUser());
    const noEmail = { ...newUser(), email: null as unknown as string };
    await assert.rejects(async () => passwords().createUserWithPassword(noEmail, phc()), TypeError);
    const data = newUser();
    await assert.rejects(async () => passwords().createUserWithPassword(data, ""), TypeError);
    assert.equal(await adapter().getUserByEmail(data.email), null);
    await assert.rejects(async () => passwords().setPasswordHash(user.id, ""), TypeError);
    assert.equal(await passwords().getPasswordHash(user.id), null);
  });

  point("getSessionsValidAfter is null until set, then the time set; null for an unknown user", async () => {
    const user = await adapter().createUser(newUser());
    assert.equal(await passwords().getSessionsValidAfter(user.id), null);
    const at = new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678));
    await passwords().setSessionsValidAfter(user.id, at);
    const read = await passwords().getSessionsValidAfter(user.id);
    assert.ok(read instanceof Date);
    assert.equal(read.getTime(), at.getTime());
    assert.equal(await passwords().getSessionsValidAfter(crypto.randomUUID()), null);
    assert.deepEqual(
      userFields(await adapter().getUser(user.id)),
      userFields(user),
      "the user's own fields are unchanged",
    );
  });

  point("setSessionsValidAfter only moves the time forward", async () => {
    const user = await adapter().createUser(newUser());
    const earlier = new Date(Date.UTC(2025, 0, 1));
    const later = new Date(Date.UTC(2025, 0, 2));
    await passwords().setSessionsValidAfter(user.id, later);
    await passwords().setSessionsValidAfter(user.id, earlier);
    assert.equal(
      (await passwords().getSessionsValidAfter(user.id))?.getTime(),
      later.getTime(),
      "a call with an earlier time does not undo a revocation",
    );
    const latest = new Date(Date.UTC(2025, 0, 3));
    await passwords().setSessionsValidAfter(user.id, latest);
    assert.equal((await passwords().getSessionsValidAfter(user.id))?.getTime(), latest.getTime());
  });

  point(
    "setSessionsValidAfter of an unknown user rejects with code NotFound; an invalid Date is misuse",
    async () => {
      await assert.rejects(
        async () => passwords().setSessionsValidAfter(crypto.randomUUID(), new Date()),
        hasCode("NotFound"),
      );
      const user = await adapter().createUser(newUser());
      await assert.rejects(
        async () => passwords().setSessionsValidAfter(user.id, new Date(Number.NaN)),
        TypeError,
      );
      assert.equal(await passwords().getSessionsValidAfter(user.id), null);
    },
  );
}
