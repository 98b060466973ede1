/**
 * The guard on GET session's cost: a CI-sized run of `cpu-per-request.ts`, printed beside the last
 * recorded run (bench/cpu-recorded.json, written by `--record`). A loss on the hot path shows up in
 * the test's output as a row whose CPU per request grew against the baseline row; nothing about speed
 * is asserted (a shared CI machine is too noisy for that), only that every row ran and returned the user.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import type { CpuRow } from "./cpu-per-request.ts";

interface Recorded {
  commit: string;
  date: string;
  requests: number;
  rounds: number;
  rows: CpuRow[];
}

test("GET session CPU per request: every row runs; printed beside the last recorded run", {
  timeout: 120_000,
}, (t) => {
  // The run CI makes is the recorded one's size, so the two compare like with like (a shorter run
  // is further from steady state, and its ratios differ by more than any loss worth seeing).
  const recorded = JSON.parse(
    readFileSync(new URL("cpu-recorded.json", import.meta.url), "utf8"),
  ) as Recorded;
  const run = spawnSync(
    process.execPath,
    [
      // From the sources, as `--record` measures them (never a dist/ a bench run may have built).
      "--conditions=gatehouse-source",
      new URL("cpu-per-request.ts", import.meta.url).pathname,
      "--json",
      "--requests",
      String(recorded.requests),
      "--rounds",
      String(recorded.rounds),
    ],
    { encoding: "utf8", timeout: 110_000 },
  );
  assert.equal(run.status, 0, `the run failed:\n${run.stderr}`);
  const rows = JSON.parse(run.stdout) as CpuRow[];
  assert.deepEqual(
    rows.map((row) => row.id),
    ["baseline", "gatehouse-jwt", "gatehouse-jwt-sqlite", "gatehouse-sqlite", "gatehouse-jwt-distinct"],
  );
  for (const row of rows) assert.ok(row.microsPerRequest > 0, `${row.id} measured`);

  const ratio = (list: CpuRow[], id: string) => {
    const base = list.find((row) => row.id === "baseline")?.microsPerRequest ?? Number.NaN;
    return base / (list.find((row) => row.id === id)?.microsPerRequest ?? Number.NaN);
  };
  t.diagnostic(`baseline/row (higher is cheaper); recorded at ${recorded.commit} on ${recorded.date}`);
  for (const row of rows.slice(1)) {
    const now = ratio(rows, row.id);
    const then = ratio(recorded.rows, row.id);
    const change = ((now / then - 1) * 100).toFixed(0);
    t.diagnostic(`${row.id}: ${now.toFixed(3)} now, ${then.toFixed(3)} recorded (${change} %)`);
  }
});
