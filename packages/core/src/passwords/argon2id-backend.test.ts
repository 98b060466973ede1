import assert from "node:assert/strict";
import * as nodeCryptoModule from "node:crypto";
import { test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { hashArgon2id } from "./argon2id.ts";
import { loadArgon2id, selectArgon2id } from "./argon2id-backend.ts";
import { passwordHasherWith } from "./verify-password.ts";

// node:crypto as Node 22, Deno and Bun have it: everything but argon2.
const { argon2: _argon2, argon2Sync: _argon2Sync, ...withoutArgon2 } = nodeCryptoModule;
const native = selectArgon2id(nodeCryptoModule);
const javascript = selectArgon2id(withoutArgon2);
const fast = { memory: 64, passes: 1, parallelism: 1 };

test("selectArgon2id: node:crypto's argon2 where it exists, @gatehouse/argon2id where it does not", async () => {
  assert.equal((await loadArgon2id()).source, "node:crypto", "this Node 24 has argon2");
  assert.equal((await native()).source, "node:crypto");
  assert.equal((await javascript()).source, "@gatehouse/argon2id");
  assert.equal(
    (await selectArgon2id(undefined)()).source,
    "@gatehouse/argon2id",
    "no node:crypto at all (Workers, browsers)",
  );
  assert.equal(await javascript(), await javascript(), "imported once");
});

test("both paths write the same PHC string for the same salt: the defaults, and other parameters", async () => {
  const salt = () => new Uint8Array(16).fill(9);
  for (const options of [{}, { ...fast, parallelism: 2, hashLength: 48 }]) {
    const fromNode = await hashArgon2id(native, "correct horse battery staple", { ...options, random: salt });
    const fromJavaScript = await hashArgon2id(javascript, "correct horse battery staple", {
      ...options,
      random: salt,
    });
    assert.equal(fromJavaScript, fromNode, JSON.stringify(options));
  }
});

test("a hash made on one path verifies on the other, both ways; a wrong password fails on both", async () => {
  const paths = { native, javascript };
  for (const [madeBy, making] of Object.entries(paths)) {
    const stored = await passwordHasherWith(making, fast).hash("pässwörd ✓");
    for (const [checkedBy, checking] of Object.entries(paths)) {
      const hasher = passwordHasherWith(checking, fast);
      const route = `made by ${madeBy}, checked by ${checkedBy}`;
      assert.deepEqual(await hasher.verify("pässwörd ✓", stored), { ok: true, needsRehash: false }, route);
      assert.deepEqual(await hasher.verify("passwörd ✓", stored), { ok: false, needsRehash: false }, route);
    }
  }
});

test("the pure-JavaScript path verifies the argon2 reference implementation's PHC strings", async () => {
  // P-H-C/phc-winner-argon2 src/test.c ("password", salt "somesalt", v=0x13).
  const hasher = passwordHasherWith(javascript, fast);
  for (const stored of [
    "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4",
    "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc",
  ]) {
    assert.deepEqual(
      await hasher.verify("password", stored),
      { ok: true, needsRehash: true },
      "salt < 16 bytes",
    );
    assert.deepEqual(await hasher.verify("Password", stored), { ok: false, needsRehash: false });
  }
});

test("the ceilings for stored parameters hold on the pure-JavaScript path too: refused before any hashing", async () => {
  let loads = 0;
  const counting = async () => {
    loads++;
    return javascript();
  };
  const hasher = passwordHasherWith(counting, fast);
  // m = 4 GiB would take minutes and all memory in JavaScript; it is refused by reading the string.
  const planted = "$argon2id$v=19$m=4194304,t=1,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4";
  assert.deepEqual(await hasher.verify("password", planted), { ok: false, needsRehash: false });
  assert.equal(loads, 0);
});

test("a runtime without argon2 whose bundle left @gatehouse/argon2id out: a ConfigError that names the fix", async () => {
  const missing = selectArgon2id(withoutArgon2, () =>
    Promise.reject(new Error("Cannot find package '@gatehouse/argon2id'")),
  );
  const hasher = passwordHasherWith(missing, fast);
  await assert.rejects(hasher.hash("pw"), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /npm install @gatehouse\/argon2id/);
    assert.match(String((error.cause as Error).message), /Cannot find package/);
    return true;
  });
  const stored = await passwordHasherWith(native, fast).hash("pw");
  await assert.rejects(
    hasher.verify("pw", stored),
    ConfigError,
    "verify says so too, rather than a silent failure",
  );
});

test("the pure-JavaScript path computes one hash at a time: those in flight queue, never interleave", async () => {
  const real = await import("@gatehouse/argon2id");
  const events: string[] = [];
  let running = 0;
  const recording = selectArgon2id(withoutArgon2, async () => ({
    ...real,
    // The real computation, with its start and end written down.
    argon2id: async (input: Parameters<typeof real.argon2id>[0]) => {
      running++;
      events.push(`start ${String(input.message)} (${running} running)`);
      try {
        return await real.argon2id(input);
      } finally {
        running--;
        events.push(`end ${String(input.message)}`);
      }
    },
  }));
  const hasher = passwordHasherWith(recording, fast);
  const stored = await Promise.all(["a", "b", "c"].map((password) => hasher.hash(password)));
  assert.deepEqual(events, [
    "start a (1 running)",
    "end a",
    "start b (1 running)",
    "end b",
    "start c (1 running)",
    "end c",
  ]);
  // A failing one does not stop the queue.
  assert.deepEqual(
    await Promise.all([
      hasher.verify("a", stored[0]!),
      hasher.verify("x", stored[1]!),
      hasher.verify("c", stored[2]!),
    ]),
    [
      { ok: true, needsRehash: false },
      { ok: false, needsRehash: false },
      { ok: true, needsRehash: false },
    ],
  );
});
