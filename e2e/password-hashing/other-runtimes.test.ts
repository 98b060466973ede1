// Issue 23: core's password hashing (hashPassword, verifyPassword) in Deno, Bun and workerd (Cloudflare
// Workers' runtime), bundled from the sources as an app there bundles it (runtimes.ts), with hashes
// crossing to and from Node 24's node:crypto argon2id in both directions. Each runtime is the pinned
// devDependency of e2e; where npm did not install its binary (a platform it does not ship for), its
// test is skipped with the reason, except in CI, which must run all three.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { hashPassword, verifyPassword } from "@gatehouse/core";
import type { HashingCheck } from "./runtime-hashing.ts";
import { bundleHashing, findBinary, type Runtime, runScript, startWorkerd } from "./runtimes.ts";

const PASSWORD = "correct horse battery staple ✓";
const DEFAULT_PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

/** The binary, or the `skip` option that says why there is none (never in CI). */
function binaryOf(runtime: Runtime) {
  const found = findBinary(runtime);
  const skip = "skip" in found && !process.env.CI ? found.skip : false;
  return {
    skip,
    path: () => {
      if ("skip" in found) assert.fail(`CI must run this: ${found.skip}`);
      return found.path;
    },
  };
}

let node24Hash: Promise<string> | undefined;
/** A hash Node 24 made, with node:crypto's argon2id (what core runs here, checked first). */
function hashOnNode24(): Promise<string> {
  const crypto = process.getBuiltinModule("node:crypto") as { argon2?: unknown };
  assert.equal(typeof crypto.argon2, "function", "the test runs where node:crypto has argon2 (Node 24)");
  node24Hash ??= hashPassword(PASSWORD);
  return node24Hash;
}

/**
 * What every runtime must show: which argon2id core took there (by what its `node:crypto` offers, and
 * by the number of keys `@gatehouse/argon2id` derived: 3, a hash and two checks, or 0), Node 24's hash
 * verified there and another password refused, and its own hash verified on Node 24 and another
 * password refused.
 */
async function assertCrossing(
  result: HashingCheck,
  expected: { nodeCryptoArgon2: string; javascriptDerivations: 0 | 3 },
): Promise<void> {
  assert.equal(result.nodeCryptoArgon2, expected.nodeCryptoArgon2);
  assert.equal(result.javascriptDerivations, expected.javascriptDerivations);
  assert.deepEqual(result.node24Hash, { ok: true, needsRehash: false });
  assert.deepEqual(result.node24HashWrongPassword, { ok: false, needsRehash: false });
  assert.match(result.made, DEFAULT_PHC);
  assert.deepEqual(await verifyPassword(PASSWORD, result.made), { ok: true, needsRehash: false });
  assert.deepEqual(await verifyPassword(`${PASSWORD}!`, result.made), { ok: false, needsRehash: false });
}

describe("Deno, Bun and workerd: core's password hashing, crossing to and from Node 24", () => {
  const deno = binaryOf("deno");
  it("Deno: node:crypto has no argon2, so @gatehouse/argon2id hashes", { skip: deno.skip }, async () => {
    const result = (await runScript({
      target: "deno",
      binary: deno.path(),
      code: await bundleHashing("deno"),
      args: ["check", PASSWORD, await hashOnNode24()],
      timeoutMs: 60_000,
    })) as HashingCheck;
    await assertCrossing(result, { nodeCryptoArgon2: "undefined", javascriptDerivations: 3 });
  });

  const bun = binaryOf("bun");
  it("Bun: node:crypto has argon2, and core hashes with it", { skip: bun.skip }, async () => {
    const result = (await runScript({
      target: "bun",
      binary: bun.path(),
      code: await bundleHashing("bun"),
      args: ["check", PASSWORD, await hashOnNode24()],
      timeoutMs: 60_000,
    })) as HashingCheck;
    await assertCrossing(result, { nodeCryptoArgon2: "function", javascriptDerivations: 0 });
  });

  const workerd = binaryOf("workerd");
  it("workerd: @gatehouse/argon2id hashes in a Worker with node:crypto (today's default) and without", {
    skip: workerd.skip,
  }, async () => {
    const server = await startWorkerd({
      binary: workerd.path(),
      code: await bundleHashing("workerd"),
      workers: [
        // nodejs_compat is on by default from 2026-08-04: process.getBuiltinModule and node:crypto.
        { name: "today", compatibilityDate: "2026-11-01" },
        // An older Worker without nodejs_compat: Web APIs only.
        { name: "webOnly", compatibilityDate: "2026-01-01" },
      ],
      timeoutMs: 30_000,
    });
    try {
      const stored = await hashOnNode24();
      const check = async (name: string) => {
        const response = await fetch(`${server.origins.get(name)}/check`, {
          method: "POST",
          body: JSON.stringify({ password: PASSWORD, node24Hash: stored }),
          signal: AbortSignal.timeout(60_000),
        });
        assert.equal(response.status, 200, await response.clone().text());
        return (await response.json()) as HashingCheck;
      };
      await assertCrossing(await check("today"), { nodeCryptoArgon2: "undefined", javascriptDerivations: 3 });
      await assertCrossing(await check("webOnly"), {
        nodeCryptoArgon2: "no process.getBuiltinModule",
        javascriptDerivations: 3,
      });
    } finally {
      await server.close();
    }
  });
});
