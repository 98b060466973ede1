/**
 * The CI-sized run of the whole benchmark, so it never rots: every server starts, signs in, answers
 * under load and stops; every figure is computed; the results file is written. Speed is not asserted.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { serverSpecs, signInSpecs } from "./lib/servers.ts";

test("npm run bench -- --smoke: every row and figure, in seconds", { timeout: 560_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-bench-test-"));
  try {
    const out = join(dir, "RESULTS.md");
    const run = spawnSync(
      process.execPath,
      [new URL("run.ts", import.meta.url).pathname, "--smoke", "--out", out],
      {
        encoding: "utf8",
        // Every server in turn, with two password rows whose hash is pure JavaScript (one at a time):
        // minutes on a loaded 2-core CI machine, where the other test files run beside it.
        timeout: 540_000,
      },
    );
    assert.equal(run.status, 0, `the smoke run failed:\n${run.stderr}`);
    const results = readFileSync(out, "utf8");
    const postgres = !results.includes("PostgreSQL not available");
    for (const spec of serverSpecs({ distinctSessions: 100 }).filter((s) => postgres || !s.postgres)) {
      assert.ok(results.includes(`| ${spec.label} |`), `a row for ${spec.id}`);
    }
    for (const spec of signInSpecs()) {
      // Node 22 comes from the npm registry: without it, the row says why it was not measured.
      const skipped = spec.node22 === true && results.includes(`Not measured: ${spec.id} (`);
      assert.ok(results.includes(`| ${spec.label} |`) || skipped, `a password sign-in row for ${spec.id}`);
    }
    for (const heading of [
      "## Password sign-in",
      "## Session lookup at scale",
      "## Sign-in round trip",
      "## React client size",
      "## Targets",
    ]) {
      assert.ok(results.includes(heading), heading);
    }
    // Database sessions must be revocable at once; Better Auth's cookie cache is the known exception.
    const row = (label: string) => results.split("\n").find((line) => line.startsWith(`| ${label} |`)) ?? "";
    assert.match(row("Gatehouse, database sessions on SQLite"), /\| yes \|$/);
    assert.match(row("Better Auth, SQLite, cookie cache on (5 min)"), /\| \*\*no\*\* \|$/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
