import assert from "node:assert/strict";
import type { StoredPasskey } from "@gatehouse/core/adapter";
import { newPasskey, newUser, tag } from "../fixtures.ts";
import type { CaseContext } from "../types.ts";

const PARALLEL_USES = 20;

const hasCode = (code: string) => (error: unknown) => (error as { code?: unknown }).code === code;

export function passkeyCases({ adapter, passkeys, point }: CaseContext): void {
  /** A user with one passkey whose counter is `counter`. */
  async function enrolled(counter = 0) {
    const user = await adapter().createUser(newUser("passkey"));
    const passkey = await passkeys().createPasskey(newPasskey(user.id, { counter }));
    return { user, passkey };
  }

  point("createPasskey stores every field; getPasskey reads it back as stored", async () => {
    const user = await adapter().createUser(newUser());
    const synced = newPasskey(user.id);
    const bound = newPasskey(user.id, {
      counter: 41,
      transports: [],
      deviceType: "singleDevice",
      backedUp: false,
      name: "YubiKey 5 — “work”",
      lastUsedAt: new Date(Date.UTC(2025, 5, 6, 7, 8, 9, 10)),
    });
    for (const passkey of [synced, bound]) {
      assert.deepEqual(await passkeys().createPasskey(passkey), passkey, "created as given");
      assert.deepEqual(await passkeys().getPasskey(passkey.id), passkey, "read back as given");
    }
  });

  point("getPasskey is null for an unknown id; listPasskeys is empty for a user without any", async () => {
    const user = await adapter().createUser(newUser());
    assert.equal(await passkeys().getPasskey(`unknown-${tag()}`), null);
    assert.deepEqual(await passkeys().listPasskeys(user.id), []);
    assert.deepEqual(await passkeys().listPasskeys(crypto.randomUUID()), []);
  });

  point(
    "createPasskey of an id that exists, for the same or another user, rejects with code Conflict and keeps the first",
    async () => {
      const { user, passkey } = await enrolled(7);
      const other = await adapter().createUser(newUser("other"));
      for (const owner of [user.id, other.id]) {
        await assert.rejects(
          async () => passkeys().createPasskey(newPasskey(owner, { id: passkey.id, publicKey: "attacker" })),
          hasCode("Conflict"),
        );
      }
      assert.deepEqual(await passkeys().getPasskey(passkey.id), passkey);
      assert.deepEqual(await passkeys().listPasskeys(other.id), []);
    },
  );

  point("createPasskey for an unknown user rejects with code Conflict and stores nothing", async () => {
    const passkey = newPasskey(crypto.randomUUID());
    await assert.rejects(async () => passkeys().createPasskey(passkey), hasCode("Conflict"));
    assert.equal(await passkeys().getPasskey(passkey.id), null);
  });

  point("listPasskeys lists the user's passkeys only, oldest first", async () => {
    const user = await adapter().createUser(newUser());
    const other = await adapter().createUser(newUser("other"));
    const at = (day: number) => new Date(Date.UTC(2025, 0, day));
    const second = await passkeys().createPasskey(newPasskey(user.id, { createdAt: at(2) }));
    const third = await passkeys().createPasskey(newPasskey(user.id, { createdAt: at(3) }));
    await passkeys().createPasskey(newPasskey(other.id, { createdAt: at(1) }));
    const first = await passkeys().createPasskey(newPasskey(user.id, { createdAt: at(1) }));
    assert.deepEqual(await passkeys().listPasskeys(user.id), [first, second, third]);
  });

  point("usePasskey with a greater counter is true and records the counter and the time", async () => {
    const { passkey } = await enrolled(5);
    const usedAt = new Date(Date.UTC(2025, 2, 3, 4, 5, 6, 789));
    assert.equal(await passkeys().usePasskey(passkey.id, 6, usedAt), true);
    assert.deepEqual(await passkeys().getPasskey(passkey.id), { ...passkey, counter: 6, lastUsedAt: usedAt });
    const later = new Date(usedAt.getTime() + 1000);
    assert.equal(await passkeys().usePasskey(passkey.id, 1000, later), true, "any jump forward");
    assert.deepEqual(await passkeys().getPasskey(passkey.id), {
      ...passkey,
      counter: 1000,
      lastUsedAt: later,
    });
  });

  point(
    "usePasskey with an equal non-zero counter or a lower one is false and changes nothing (a cloned authenticator)",
    async () => {
      const { passkey } = await enrolled(5);
      const usedAt = new Date(Date.UTC(2025, 2, 3));
      for (const counter of [5, 4, 0]) {
        assert.equal(await passkeys().usePasskey(passkey.id, counter, usedAt), false, `counter ${counter}`);
      }
      assert.deepEqual(await passkeys().getPasskey(passkey.id), passkey);
    },
  );

  point(
    "usePasskey with 0 on a passkey at 0 is true every time (authenticators that do not count)",
    async () => {
      const { passkey } = await enrolled(0);
      const first = new Date(Date.UTC(2025, 2, 3));
      const second = new Date(Date.UTC(2025, 2, 4));
      assert.equal(await passkeys().usePasskey(passkey.id, 0, first), true);
      assert.equal(await passkeys().usePasskey(passkey.id, 0, second), true);
      assert.deepEqual(await passkeys().getPasskey(passkey.id), { ...passkey, lastUsedAt: second });
      assert.equal(await passkeys().usePasskey(passkey.id, 3, second), true, "it may start counting");
      assert.equal(await passkeys().usePasskey(passkey.id, 0, second), false, "and then not go back to 0");
    },
  );

  point("usePasskey of an unknown id is false", async () => {
    assert.equal(await passkeys().usePasskey(`unknown-${tag()}`, 1, new Date()), false);
    assert.equal(await passkeys().usePasskey(`unknown-${tag()}`, 0, new Date()), false);
  });

  point(
    "renamePasskey renames the user's own passkey only: another user's or an unknown id is false",
    async () => {
      const { user, passkey } = await enrolled();
      const other = await adapter().createUser(newUser("other"));
      assert.equal(
        await passkeys().renamePasskey(other.id, passkey.id, "stolen"),
        false,
        "not the other user's",
      );
      assert.equal(await passkeys().renamePasskey(user.id, `unknown-${tag()}`, "x"), false);
      assert.deepEqual(await passkeys().getPasskey(passkey.id), passkey, "unchanged");
      assert.equal(await passkeys().renamePasskey(user.id, passkey.id, "Phone"), true);
      assert.deepEqual(await passkeys().getPasskey(passkey.id), { ...passkey, name: "Phone" });
    },
  );

  point(
    "deletePasskey deletes the user's own passkey only: another user's or an unknown id is false",
    async () => {
      const { user, passkey } = await enrolled();
      const kept = await passkeys().createPasskey(newPasskey(user.id));
      const other = await adapter().createUser(newUser("other"));
      assert.equal(await passkeys().deletePasskey(other.id, passkey.id), false, "not the other user's");
      assert.equal(await passkeys().deletePasskey(user.id, `unknown-${tag()}`), false);
      assert.deepEqual(await passkeys().getPasskey(passkey.id), passkey, "still there");
      assert.equal(await passkeys().deletePasskey(user.id, passkey.id), true);
      assert.equal(await passkeys().getPasskey(passkey.id), null);
      assert.equal(await passkeys().deletePasskey(user.id, passkey.id), false, "once");
      assert.deepEqual(await passkeys().listPasskeys(user.id), [kept]);
    },
  );

  point("deleteUser takes the user's passkeys with it", async () => {
    const { user, passkey } = await enrolled();
    await adapter().deleteUser(user.id);
    assert.equal(await passkeys().getPasskey(passkey.id), null);
    // A user created again under the same id must not inherit them.
    await adapter().createUser({ ...newUser(), id: user.id });
    assert.deepEqual(await passkeys().listPasskeys(user.id), []);
  });

  point(
    "a counter that is not a 32-bit unsigned integer, or a malformed passkey, is misuse: a TypeError",
    async () => {
      const { user, passkey } = await enrolled(5);
      for (const counter of [-1, 1.5, Number.NaN, 2 ** 32]) {
        await assert.rejects(async () => passkeys().usePasskey(passkey.id, counter, new Date()), TypeError);
      }
      await assert.rejects(async () => passkeys().usePasskey(passkey.id, 6, new Date(Number.NaN)), TypeError);
      const malformed: Partial<StoredPasskey>[] = [
        { counter: -1 },
        { id: "" },
        { deviceType: "platform" as StoredPasskey["deviceType"] },
        { createdAt: new Date(Number.NaN) },
      ];
      for (const overrides of malformed) {
        const bad = newPasskey(user.id, overrides);
        await assert.rejects(async () => passkeys().createPasskey(bad), TypeError, JSON.stringify(overrides));
      }
      assert.deepEqual(await passkeys().listPasskeys(user.id), [passkey], "nothing written");
    },
  );

  point(
    `usePasskey: ${PARALLEL_USES} concurrent uses with the same counter, exactly one is true`,
    async () => {
      const { passkey } = await enrolled(10);
      const usedAt = new Date(Date.UTC(2025, 3, 4));
      const results = await Promise.all(
        Array.from({ length: PARALLEL_USES }, () => passkeys().usePasskey(passkey.id, 11, usedAt)),
      );
      assert.equal(results.filter(Boolean).length, 1);
      assert.equal((await passkeys().getPasskey(passkey.id))?.counter, 11);
    },
  );
}
