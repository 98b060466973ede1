/**
 * Password hashing per runtime (issue 23): hashes per second of core's `hashPassword` at its default
 * parameters (m=19456 KiB, t=2, p=1; a password sign-in costs one such hash), one at a time and 4 in
 * flight, and the CPU time of each, on Node 24 with `node:crypto`'s argon2id (today's), Node 24 with
 * `@gatehouse/argon2id` (`argon2` taken out of `node:crypto` first, as lib/without-native-argon2id.ts
 * does), Deno, Bun and workerd. Every runtime runs the same bundle of core
 * (e2e/password-hashing/runtimes.ts), a fresh process per measurement, timed inside by the same
 * function (`timeHashing`) after one hash to warm up; the rounds interleave the runtimes, in a rotating
 * order. Prints medians and the spread (min–max).
 *
 *   node bench/password-runtimes.ts [rounds=5] [hashes per measurement=12]
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import type { HashingTiming } from "../e2e/password-hashing/runtime-hashing.ts";
import {
  bundleHashing,
  findBinary,
  pinnedVersion,
  RUNTIMES,
  runScript,
  startWorkerd,
} from "../e2e/password-hashing/runtimes.ts";
import { median } from "./lib/stats.ts";

const rounds = Number(process.argv[2] ?? 5);
const count = Number(process.argv[3] ?? 12);
const IN_FLIGHT = [1, 4] as const;
const TIMEOUT_MS = 600_000;
const LABELS = { deno: "Deno", bun: "Bun", workerd: "workerd" } as const;
const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim() || 100);
/** CPU milliseconds a process has used, all its threads (utime + stime of /proc/<pid>/stat). */
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

interface Target {
  name: string;
  time(inFlight: number): Promise<HashingTiming>;
}

/** A program target: runtime-script.ts's bundle, `time` mode, in a fresh process. */
function program(name: string, options: Omit<Parameters<typeof runScript>[0], "args" | "timeoutMs">): Target {
  return {
    name,
    time: async (inFlight) =>
      (await runScript({
        ...options,
        args: ["time", String(count), String(inFlight)],
        timeoutMs: TIMEOUT_MS,
      })) as HashingTiming,
  };
}

const nodeBundle = await bundleHashing("node");
const targets: Target[] = [
  program(`Node ${process.version}`, { target: "node", binary: process.execPath, code: nodeBundle }),
  program(`Node ${process.version}, node:crypto without argon2`, {
    target: "node",
    binary: process.execPath,
    before: ["--import", join(import.meta.dirname, "lib", "without-native-argon2id.ts")],
    env: { BENCH_ARGON2ID: "javascript" },
    code: nodeBundle,
  }),
];
for (const runtime of RUNTIMES) {
  const found = findBinary(runtime);
  if ("skip" in found) throw new Error(found.skip);
  const code = await bundleHashing(runtime);
  const name = `${LABELS[runtime]} ${pinnedVersion(runtime)}`;
  if (runtime !== "workerd") {
    targets.push(program(name, { target: runtime, binary: found.path, code }));
    continue;
  }
  targets.push({
    name,
    time: async (inFlight) => {
      // A Worker with today's defaults (nodejs_compat: node:crypto, without argon2), a fresh process.
      const server = await startWorkerd({
        binary: found.path,
        code,
        workers: [{ name: "today", compatibilityDate: "2026-11-01" }],
        timeoutMs: 30_000,
      });
      const time = async (hashes: number) => {
        const response = await fetch(`${server.origins.get("today")}/time`, {
          method: "POST",
          body: JSON.stringify({ count: hashes, inFlight }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        assert.equal(response.status, 200);
        return (await response.json()) as HashingTiming;
      };
      try {
        // A first request warms the Worker up, so that the second one's CPU time, read from /proc
        // around it (workerd has no process.cpuUsage), is that of count + 1 warm hashes.
        await time(1);
        const cpuBefore = processCpuMs(server.pid);
        const timing = await time(count);
        return { ...timing, cpuMs: ((processCpuMs(server.pid) - cpuBefore) * count) / (count + 1) };
      } finally {
        await server.close();
      }
    },
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(" ");
console.log(
  `${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores; load average ${load()} at the start`,
);
console.log(`${rounds} rounds, ${count} hashes per measurement (after one to warm up)\n`);

/** Hashes per second, by target and then by hashes in flight. */
const rates = new Map(
  targets.map((target) => [target.name, new Map(IN_FLIGHT.map((n) => [n, [] as number[]]))]),
);
/** CPU milliseconds per hash, by target (every measurement). */
const cpu = new Map(targets.map((target) => [target.name, [] as number[]]));
/** Which argon2id each target ran: every measurement must agree. */
const sources = new Map<string, Set<string>>(targets.map((target) => [target.name, new Set()]));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < targets.length; i++) {
    const target = targets[(round + i) % targets.length]!;
    for (const inFlight of round % 2 === 0 ? IN_FLIGHT : [...IN_FLIGHT].reverse()) {
      const timing = await target.time(inFlight);
      assert.match(timing.made, PHC);
      assert.ok(timing.cpuMs !== null, `${target.name} told no CPU time`);
      const source =
        timing.javascriptDerivations === 0
          ? "node:crypto"
          : timing.javascriptDerivations === count + 1
            ? "@gatehouse/argon2id"
            : `mixed (${timing.javascriptDerivations} of ${count + 1} in JavaScript)`;
      sources.get(target.name)!.add(source);
      const rate = (count * 1000) / timing.ms;
      rates.get(target.name)!.get(inFlight)!.push(rate);
      cpu.get(target.name)!.push(timing.cpuMs / count);
      console.log(
        `round ${round + 1}: ${target.name}, ${inFlight} in flight: ${rate.toFixed(2)} hashes/s, ${(timing.cpuMs / count).toFixed(0)} CPU ms per hash`,
      );
    }
  }
}

const spread = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
console.log(`\nload average ${load()} at the end\n`);
console.log(
  "| runtime | argon2id | hashes/s, one at a time | ms per hash, one at a time | hashes/s, 4 in flight | CPU ms per hash |",
);
console.log("|---|---|--:|--:|--:|--:|");
for (const target of targets) {
  const one = rates.get(target.name)!.get(1)!;
  const four = rates.get(target.name)!.get(4)!;
  console.log(
    `| ${target.name} | ${[...sources.get(target.name)!].join(", ")} | ${spread(one, 1)} | ${(1000 / median(one)).toFixed(0)} | ${spread(four, 1)} | ${spread(cpu.get(target.name)!, 0)} |`,
  );
}
