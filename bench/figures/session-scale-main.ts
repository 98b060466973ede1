/**
 * The session-scale figure on its own: `node bench/figures/session-scale-main.ts`. Measures on SQLite
 * and on PostgreSQL (`DATABASE_URL_PG`, default the local test database, in a schema of its own).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureSessionScale, type ScaleRow } from "./session-scale.ts";

const SIZES = [1_000, 1_000_000, 10_000_000];
const LOOKUPS = 20_000;
/** Lookup at the largest size may be at most this many times the lookup at the smallest. */
const TARGET_RATIO = 1.2;

const postgresUrl = process.env.DATABASE_URL_PG ?? "postgres://postgres@127.0.0.1:5432/test";
const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-session-scale-"));
const log = (line: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

let rows: ScaleRow[];
try {
  rows = await measureSessionScale({ sizes: SIZES, lookups: LOOKUPS, dataDir, postgresUrl, log });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

const header = ["Database", "Sessions", "p50 µs", "p99 µs", "mean µs", "p50 vs smallest", "fill s"];
const body = rows.map((row) => {
  const smallest = rows.find((each) => each.database === row.database)!;
  return [
    row.database,
    row.sessions.toLocaleString("en-US"),
    row.p50Us.toFixed(1),
    row.p99Us.toFixed(1),
    row.meanUs.toFixed(1),
    `${(row.p50Us / smallest.p50Us).toFixed(2)}×`,
    row.fillSeconds.toFixed(1),
  ];
});
const widths = header.map((title, column) =>
  Math.max(title.length, ...body.map((cells) => cells[column]!.length)),
);
const line = (cells: string[]) =>
  `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
console.log(line(header));
console.log(
  `|${widths.map((width, column) => (column === 0 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`,
);
for (const cells of body) console.log(line(cells));

for (const database of new Set(rows.map((row) => row.database))) {
  const mine = rows.filter((row) => row.database === database);
  const first = mine[0]!;
  const last = mine.at(-1)!;
  const ratio = last.p50Us / first.p50Us;
  console.log(
    `${database}: p50 at ${last.sessions.toLocaleString("en-US")} sessions is ${ratio.toFixed(2)}× the p50 at ${first.sessions.toLocaleString("en-US")} (target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? "met" : "missed"})`,
  );
}
