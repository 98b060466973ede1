import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const LOCK = join(root, "node_modules", ".cache", "gatehouse", "pack.lock");

/**
 * Runs `fn` holding a lock shared by every process on this checkout. Packing empties and rebuilds
 * every package's dist/, and `npm test` runs two test files at a time: two files packing at once
 * (the packaging test, the Next.js example test) would pack each other's half-built output.
 */
export function withPackLock<T>(fn: () => T): T {
  mkdirSync(dirname(LOCK), { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (holderIsGone()) {
        rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`waited 10 minutes for ${LOCK}; remove it if no test runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/** The holder died without unlocking (killed test run): its pid is gone, or it never wrote one. */
function holderIsGone(): boolean {
  try {
    const pid = Number(readFileSync(join(LOCK, "pid"), "utf8"));
    process.kill(pid, 0);
    return false;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ESRCH") return true;
    // No pid file yet: the holder is between mkdir and write, unless that was long ago.
    if (code === "ENOENT") {
      try {
        return Date.now() - statSync(LOCK).mtimeMs > 10_000;
      } catch {
        return false;
      }
    }
    return false;
  }
}
