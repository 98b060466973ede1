import assert from "node:assert/strict";
import type { AdapterUser, StoredPasskey } from "@gatehouse/core/adapter";
import { newPasskey, newUser, userFields } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_SIGN_UPS = 20;

/**
 * What passkey sign-up hands over: a new user under the id core chose (a random UUID), and their
 * passkey, whose userId is that id (the user handle the authenticator stored).
 */
function signUp(overrides: { user?: Partial<AdapterUser>; passkey?: Partial<StoredPasskey> } = {}): {
  user: AdapterUser;
  passkey: StoredPasskey;
} {
  const user = { id: crypto.randomUUID(), ...newUser("passkey-signup"), ...overrides.user };
  return { user, passkey: newPasskey(user.id, overrides.passkey) };
}

const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

export function passkeySignUpCases({ adapter, passkeys, count, point }: CaseContext): void {
  point(
    "createUserWithPasskey creates the user under the given id and their first passkey; both read back as stored",
    async () => {
      const given = signUp({ passkey: { counter: 3, transports: ["usb"], backedUp: false } });
      const created = await passkeys().createUserWithPasskey(given.user, given.passkey);
      assert.ok(created, "a new email gets a user");
      assert.deepEqual(userFields(created.user), userFields(given.user));
      assert.equal(created.user.disabledAt, null, "a new user is enabled");
      assert.deepEqual(created.passkey, given.passkey);
      assert.deepEqual(userFields(await adapter().getUser(given.user.id)), userFields(given.user));
      assert.deepEqual(userFields(await adapter().getUserByEmail(given.user.email)), userFields(given.user));
      assert.deepEqual(await passkeys().getPasskey(given.passkey.id), given.passkey);
      assert.deepEqual(await passkeys().listPasskeys(given.user.id), [given.passkey]);
    },
  );

  point("createUserWithPasskey of a taken email resolves to null and writes nothing", async () => {
    const counter = count();
    const holder = await adapter().createUser(newUser("holder"));
    const before = counter && (await counter("users"));
    const intruder = signUp({ user: { email: holder.email } });
    assert.equal(await passkeys().createUserWithPasskey(intruder.user, intruder.passkey), null);
    assert.equal(await adapter().getUser(intruder.user.id), null, "no user under the given id");
    assert.equal(await passkeys().getPasskey(intruder.passkey.id), null, "no passkey row");
    assert.deepEqual(await passkeys().listPasskeys(holder.id), [], "nothing added to the holder");
    assert.deepEqual(userFields(await adapter().getUserByEmail(holder.email)), userFields(holder));
    if (counter) assert.equal(await counter("users"), before, "no user row");
  });

  point(
    "createUserWithPasskey with a stored passkey id rejects with code Conflict and writes nothing, no user either",
    async () => {
      const counter = count();
      const owner = await adapter().createUser(newUser("owner"));
      const stored = await passkeys().createPasskey(newPasskey(owner.id));
      const before = counter && (await counter("users"));
      const copycat = signUp({ passkey: { id: stored.id, publicKey: "attacker" } });
      await assert.rejects(
        async () => passkeys().createUserWithPasskey(copycat.user, copycat.passkey),
        hasCode("Conflict"),
      );
      assert.equal(await adapter().getUser(copycat.user.id), null, "the user was not created");
      assert.equal(await adapter().getUserByEmail(copycat.user.email), null);
      assert.deepEqual(await passkeys().getPasskey(stored.id), stored, "the stored passkey is kept");
      if (counter) assert.equal(await counter("users"), before, "no user row");
    },
  );

  point(
    "createUserWithPasskey with a taken user id rejects with code Conflict and writes nothing",
    async () => {
      const holder = await adapter().createUser({ ...newUser("id-holder"), id: crypto.randomUUID() });
      const clash = signUp({ user: { id: holder.id } });
      await assert.rejects(
        async () => passkeys().createUserWithPasskey(clash.user, clash.passkey),
        hasCode("Conflict"),
      );
      assert.deepEqual(
        userFields(await adapter().getUser(holder.id)),
        userFields(holder),
        "holder unchanged",
      );
      assert.equal(await adapter().getUserByEmail(clash.user.email), null);
      assert.equal(await passkeys().getPasskey(clash.passkey.id), null);
      assert.deepEqual(await passkeys().listPasskeys(holder.id), []);
    },
  );

  point(
    `createUserWithPasskey: ${PARALLEL_SIGN_UPS} concurrent sign-ups for one email make one user with one passkey`,
    async () => {
      const counter = count();
      const before = counter && (await counter("users"));
      const email = newUser("passkey-race").email;
      const attempts = Array.from({ length: PARALLEL_SIGN_UPS }, () => signUp({ user: { email } }));
      const results = await Promise.allSettled(
        attempts.map(({ user, passkey }) => passkeys().createUserWithPasskey(user, passkey)),
      );
      assert.deepEqual(
        results.filter((result) => result.status === "rejected"),
        [],
        "no call rejects: the losers resolve to null",
      );
      const winners = attempts.filter((_, i) => {
        const result = results[i];
        return result?.status === "fulfilled" && result.value !== null;
      });
      assert.equal(winners.length, 1, "exactly one sign-up creates the user");
      const [winner] = winners;
      assert.ok(winner);
      assert.equal((await adapter().getUserByEmail(email))?.id, winner.user.id);
      assert.deepEqual(await passkeys().listPasskeys(winner.user.id), [winner.passkey], "one passkey");
      for (const attempt of attempts) {
        if (attempt === winner) continue;
        assert.equal(await adapter().getUser(attempt.user.id), null, "no loser's user is stored");
        assert.equal(await passkeys().getPasskey(attempt.passkey.id), null, "no loser's passkey is stored");
      }
      if (counter) assert.equal((await counter("users")) - (before ?? 0), 1, "exactly one user row");
    },
  );

  point(
    `createUserWithPasskey: ${PARALLEL_SIGN_UPS} concurrent sign-ups with one passkey id make one user; the others are Conflict and leave no user`,
    async () => {
      const counter = count();
      const before = counter && (await counter("users"));
      const credentialId = newPasskey("").id;
      const attempts = Array.from({ length: PARALLEL_SIGN_UPS }, () =>
        signUp({ passkey: { id: credentialId } }),
      );
      const results = await Promise.allSettled(
        attempts.map(({ user, passkey }) => passkeys().createUserWithPasskey(user, passkey)),
      );
      const created = results.flatMap((result) =>
        result.status === "fulfilled" && result.value !== null ? [result.value] : [],
      );
      assert.equal(created.length, 1, "exactly one sign-up stores the passkey");
      const rejected = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
      assert.equal(rejected.length, PARALLEL_SIGN_UPS - 1);
      assert.ok(rejected.every(hasCode("Conflict")), "the others reject with code Conflict");
      const owner = created[0]?.user;
      assert.equal((await passkeys().getPasskey(credentialId))?.userId, owner?.id);
      for (const { user } of attempts) {
        const stored = await adapter().getUser(user.id);
        assert.equal(stored?.id, user.id === owner?.id ? owner.id : undefined, "only the winner's user");
      }
      if (counter) assert.equal((await counter("users")) - (before ?? 0), 1, "exactly one user row");
    },
  );

  point(
    "createUserWithPasskey without an id or an email, with a passkey of another user id, or a malformed passkey, is misuse: a TypeError, nothing written",
    async () => {
      const mismatched = signUp();
      const bad: { user: AdapterUser; passkey: StoredPasskey; why: string }[] = [
        { ...signUp({ user: { email: null as unknown as string } }), why: "no email" },
        { ...signUp({ user: { id: "" } }), why: "no id" },
        {
          user: mismatched.user,
          passkey: { ...mismatched.passkey, userId: crypto.randomUUID() },
          why: "a passkey of another user id",
        },
        ...[
          { counter: -1 },
          { id: "" },
          { deviceType: "platform" as StoredPasskey["deviceType"] },
          { createdAt: new Date(Number.NaN) },
        ].map((passkey) => ({ ...signUp({ passkey }), why: JSON.stringify(passkey) })),
      ];
      for (const { user, passkey, why } of bad) {
        await assert.rejects(async () => passkeys().createUserWithPasskey(user, passkey), TypeError, why);
        if (user.id !== "") assert.equal(await adapter().getUser(user.id), null, `${why}: no user`);
        if (passkey.id !== "")
          assert.equal(await passkeys().getPasskey(passkey.id), null, `${why}: no passkey`);
      }
    },
  );
}
