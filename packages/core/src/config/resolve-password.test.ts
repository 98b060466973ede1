import assert from "node:assert/strict";
import * as nodeCrypto from "node:crypto";
import { test } from "node:test";
import { createMemoryAdapter } from "../adapter/memory-adapter.ts";
import { ConfigError } from "../errors/config-error.ts";
import { Password } from "../providers/password.ts";
import type { PasswordProviderConfig } from "../providers/types.ts";
import { resolvePassword } from "./resolve-password.ts";

const { argon2: _argon2, argon2Sync: _argon2Sync, ...withoutArgon2 } = nodeCrypto;
const logger = { warn: () => {}, error: () => {} };
const sendMail = async () => {};
/** A provider object written by hand, not made with Password(). */
const plain: PasswordProviderConfig = {
  id: "password",
  name: "Email and password",
  type: "password",
  sendMail,
};

test("Password() brings a hasher for the runtime: one with node:crypto's argon2 and one without both start", () => {
  for (const crypto of [nodeCrypto, withoutArgon2, undefined]) {
    const settings = resolvePassword([Password({ sendMail })], createMemoryAdapter(), logger, { crypto });
    assert.equal(typeof settings?.hasher.hash, "function");
  }
});

test("a provider object without a hasher: node:crypto's argon2id where there is one, else a ConfigError that names the fix", () => {
  assert.equal(
    typeof resolvePassword([plain], createMemoryAdapter(), logger, { crypto: nodeCrypto })?.hasher.verify,
    "function",
  );
  for (const crypto of [withoutArgon2, undefined]) {
    assert.throws(
      () => resolvePassword([plain], createMemoryAdapter(), logger, { crypto }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /Password provider "password" has no `hasher`/.test(error.message) &&
        /Password\(\) from @gatehouse\/core/.test(error.message) &&
        /hasher: createPasswordHasher\(\)/.test(error.message),
    );
  }
  const own = { hash: async () => "x", verify: async () => ({ ok: false, needsRehash: false }) };
  assert.equal(
    resolvePassword([{ ...plain, hasher: own }], createMemoryAdapter(), logger, { crypto: undefined })
      ?.hasher,
    own,
  );
});

test("breachedPasswords: a list, or a loader called once on the first password checked (again after a failed load); opt-in", async () => {
  const resolve = (breachedPasswords: PasswordProviderConfig["breachedPasswords"]) =>
    resolvePassword([Password({ sendMail, breachedPasswords })], createMemoryAdapter(), logger, {
      crypto: nodeCrypto,
    });
  assert.equal(
    await resolve(new Set(["hunter2hunter2"]))?.checkNewPassword("hunter2hunter2"),
    "PasswordBreached",
  );

  let loads = 0;
  let fail = true;
  const settings = resolve(async () => {
    loads++;
    if (fail) throw new Error("the list's file is missing");
    return new Set(["hunter2hunter2"]);
  });
  assert.equal(loads, 0, "nothing is loaded at start-up");
  await assert.rejects(settings!.checkNewPassword("hunter2hunter2"), /the list's file is missing/);
  fail = false;
  assert.equal(await settings!.checkNewPassword("hunter2hunter2"), "PasswordBreached");
  assert.equal(await settings!.checkNewPassword("a sentence nobody used"), null);
  assert.equal(loads, 2, "a failed load is tried again, a loaded list kept");

  // Without a list only the length rules apply.
  assert.equal(await resolve(undefined)?.checkNewPassword("password123"), null);
  assert.equal(await resolve(false)?.checkNewPassword("password123"), null);
  assert.throws(() => resolve(["password123"] as unknown as Set<string>), ConfigError);
  const wrong = resolve(async () => ({}) as Set<string>);
  await assert.rejects(wrong!.checkNewPassword("password123"), ConfigError);
});

test("without breachedPasswords, production says at start-up that breached passwords are accepted; false is on purpose", () => {
  const warned: string[] = [];
  const recording = { warn: (code: string) => warned.push(code), error: () => {} };
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    resolvePassword([Password({ sendMail })], createMemoryAdapter(), recording, { crypto: nodeCrypto });
    resolvePassword([Password({ sendMail, breachedPasswords: false })], createMemoryAdapter(), recording, {
      crypto: nodeCrypto,
    });
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  assert.deepEqual(warned, ["BreachedPasswordsOff"]);
});
