/**
 * Preloaded into a server under test by `bench/memory.ts` (`node --import=…/memory-probe.ts`): every
 * 250 ms it appends one JSON line to `$BENCH_MEMORY_PROBE` with what the process itself
 * knows of its memory (`process.memoryUsage()`, V8's heap spaces) and the time spent in GC so far.
 * The server's own code is untouched; without the variable this does nothing.
 */
import { appendFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

/** One sample. Sizes in bytes; `spaces` maps a V8 heap space to [committed, used]. */
export interface MemorySample {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8's committed heap pages that are resident (`total_physical_size`). */
  v8Physical: number;
  /** malloc'ed by V8 itself (not by Node, OpenSSL or libuv). */
  v8Malloced: number;
  spaces: Record<string, [number, number]>;
  gcMs: number;
  gcCount: number;
}

const file = process.env.BENCH_MEMORY_PROBE;
if (file) {
  let gcMs = 0;
  let gcCount = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcCount++;
    }
  }).observe({ entryTypes: ["gc"] });
  const sample = () => {
    const heap = v8.getHeapStatistics();
    const line: MemorySample = {
      at: Date.now(),
      ...process.memoryUsage(),
      v8Physical: heap.total_physical_size,
      v8Malloced: heap.malloced_memory,
      spaces: Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .map((space) => [space.space_name, [space.space_size, space.space_used_size]]),
      ),
      gcMs,
      gcCount,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
  sample();
  setInterval(sample, 250).unref();
}
