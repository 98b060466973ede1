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
