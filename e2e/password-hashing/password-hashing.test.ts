// The password hasher where node:crypto has no argon2id (issue 23): on Node 22 (a sign-up and a sign-in
// through core's Password provider with its default hasher) and in a browser bundle (Chromium), with
// hashes crossing to and from Node 24's node:crypto argon2id in both directions. Deno, Bun and workerd
// themselves: other-runtimes.test.ts.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { hashPassword, verifyPassword } from "@gatehouse/core";
import { chromium } from "playwright-core";
import { rolldown } from "rolldown";
import { CHROMIUM } from "../../scripts/ensure-chromium.ts";
import { NODE_IMPORT, REQUIRE_CALL } from "../packaging/edge-bundle.ts";
import { cleanEnv, NODE_22, type NodeRuntime, node22 } from "../packaging/node-runtimes.ts";

const here = dirname(fileURLToPath(import.meta.url));
const PASSWORD = "correct horse battery staple ✓";

/** Node 22 from the npm registry (cached); null, with the reason, when it cannot be had. */
function tryNode22(): { runtime: NodeRuntime } | { skip: string } {
  try {
    return { runtime: node22() };
  } catch (error) {
    return {
      skip: `Node ${NODE_22} could not be installed from the npm registry: ${String(error).split("\n")[0]}`,
    };
  }
}

describe("Node 22: Password() hashes with @gatehouse/argon2id", () => {
  const found = tryNode22();
  it("signs up and in; a Node 24 node:crypto hash verifies there and its hash verifies on Node 24", {
    skip: "skip" in found ? found.skip : false,
  }, async () => {
    if (!("runtime" in found)) return;
    const node24Hash = await hashPassword(PASSWORD);
    const run = spawnSync(
      found.runtime.binary,
      [
        // Node 22.16 runs .ts only with the flag (on by default from 22.18).
        "--experimental-strip-types",
        "--no-warnings=ExperimentalWarning",
        "--conditions=gatehouse-source",
        join(here, "node22-password-flow.ts"),
      ],
      {
        encoding: "utf8",
        env: { ...cleanEnv(), GH_PASSWORD: PASSWORD, GH_NODE24_HASH: node24Hash },
        timeout: 110_000,
      },
    );
    assert.equal(run.status, 0, run.stderr);
    const result = JSON.parse(run.stdout) as {
      node: string;
      nodeCryptoArgon2: string;
      signUp: { status: number; location: string | null };
      signIn: { status: number; location: string | null };
      sessionEmail: string | null;
      stored: string | null;
      node24Hash: { ok: boolean; needsRehash: boolean };
      node24HashWrongPassword: { ok: boolean; needsRehash: boolean };
    };
    assert.equal(result.node, `v${NODE_22}`);
    assert.equal(result.nodeCryptoArgon2, "undefined", "Node 22's node:crypto has no argon2");
    assert.equal(result.signUp.status, 302);
    assert.equal(result.signIn.status, 302);
    assert.equal(result.signIn.location, "http://localhost:3000/home");
    assert.equal(result.sessionEmail, "ada@example.test");
    assert.deepEqual(result.node24Hash, { ok: true, needsRehash: false });
    assert.deepEqual(result.node24HashWrongPassword, { ok: false, needsRehash: false });
    // The hash Node 22 stored is the PHC string node:crypto writes, and node:crypto verifies it.
    assert.match(
      result.stored ?? "",
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    assert.deepEqual(await verifyPassword(PASSWORD, result.stored ?? ""), { ok: true, needsRehash: false });
  });
});

/** Bundles core's hashing for the browser platform, from the sources, as an edge deployment would. */
async function bundle(codeSplitting: boolean) {
  const build = await rolldown({
    input: join(here, "browser-entry.ts"),
    platform: "browser",
    resolve: { conditionNames: ["gatehouse-source", "browser", "import", "default"] },
  });
  try {
    return (await build.generate({ format: "esm", codeSplitting })).output;
  } finally {
    await build.close();
  }
}

describe("browser bundle: core's hashing without node:crypto", () => {
  it("puts @gatehouse/argon2id in a chunk of its own: a bundle that never hashes never loads it", async () => {
    const chunks = (await bundle(true)).filter((item) => item.type === "chunk");
    const entry = chunks.find((chunk) => chunk.isEntry);
    const argon2 = chunks.filter((chunk) => !chunk.isEntry && /Argon2/i.test(chunk.code));
    assert.ok(entry && argon2.length > 0, "a lazily loaded chunk holds argon2");
    assert.doesNotMatch(entry.code, /blake2b/i, "the entry holds no argon2 code");
  });

  it("runs in Chromium: a node:crypto hash verifies there, and its hash verifies with node:crypto", async () => {
    const [chunk, ...rest] = await bundle(false);
    assert.ok(chunk?.type === "chunk" && rest.every((item) => item.type !== "chunk"), "one file");
    assert.doesNotMatch(chunk.code, NODE_IMPORT);
    assert.doesNotMatch(chunk.code, REQUIRE_CALL);
    const node24Hash = await hashPassword(PASSWORD);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
      ],
    });
    try {
      const context = await browser.newContext();
      const origin = "http://localhost:9";
      await context.route(`${origin}/**`, (route) =>
        new URL(route.request().url()).pathname === "/hashing.js"
          ? route.fulfill({ contentType: "text/javascript", body: chunk.code })
          : route.fulfill({ contentType: "text/html", body: "<!doctype html><title>hashing</title>" }),
      );
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const result = await page.evaluate(
        async ({ password, stored }) => {
          const specifier = "/hashing.js";
          const hashing = (await import(specifier)) as typeof import("./browser-entry.ts");
          return {
            hasProcess: "process" in globalThis,
            node24Hash: await hashing.verifyPassword(password, stored),
            node24HashWrongPassword: await hashing.verifyPassword(`${password}!`, stored),
            made: await hashing.hashPassword(password),
          };
        },
        { password: PASSWORD, stored: node24Hash },
      );
      assert.equal(result.hasProcess, false, "no process, no node:crypto: the pure-JavaScript path");
      assert.deepEqual(result.node24Hash, { ok: true, needsRehash: false });
      assert.deepEqual(result.node24HashWrongPassword, { ok: false, needsRehash: false });
      assert.match(result.made, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
      assert.deepEqual(await verifyPassword(PASSWORD, result.made), { ok: true, needsRehash: false });
    } finally {
      await browser.close();
    }
  });
});
