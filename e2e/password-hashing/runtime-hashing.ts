// What other-runtimes.test.ts and bench/password-runtimes.ts run inside Deno, Bun and workerd, bundled
// as an app there bundles it (runtimes.ts): core's hashPassword and verifyPassword, nothing else.
import { hashPassword, type PasswordCheck, verifyPassword } from "@gatehouse/core";

/**
 * Where the bundle's wrapper around `@gatehouse/argon2id`'s `argon2id` counts its calls (runtimes.ts
 * puts the wrapper in the bundle, core is unchanged): how many keys core derived in pure JavaScript
 * rather than with `node:crypto`'s argon2.
 */
export const JAVASCRIPT_DERIVATIONS = Symbol.for("gatehouse.e2e.javascript-argon2id-derivations");

export interface HashingCheck {
  /** `typeof` the `argon2` of the `node:crypto` that `process.getBuiltinModule` gives, or why there is none. */
  nodeCryptoArgon2: string;
  /** A hash of the password made here. */
  made: string;
  /** The password checked against a hash Node 24 made. */
  node24Hash: PasswordCheck;
  /** Another password checked against that hash. */
  node24HashWrongPassword: PasswordCheck;
  /** Keys derived by `@gatehouse/argon2id` for the three above (0 where node:crypto did them). */
  javascriptDerivations: number;
}

export interface HashingTiming {
  /** Milliseconds for the timed hashes (not the warm-up). */
  ms: number;
  /** The last hash made. */
  made: string;
  /** Keys derived by `@gatehouse/argon2id`, warm-up included (0 where node:crypto did them). */
  javascriptDerivations: number;
  /**
   * CPU milliseconds the process spent on the timed hashes, all its threads (`process.cpuUsage`), or
   * `null` where the runtime does not tell (workerd: bench reads it from /proc).
   */
  cpuMs: number | null;
}

/** `process.cpuUsage()` in milliseconds (Node, Deno and Bun have it), else `null`. */
function cpuMs(): number | null {
  const process = (globalThis as { process?: { cpuUsage?: () => { user: number; system: number } } }).process;
  if (typeof process?.cpuUsage !== "function") return null;
  try {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  } catch {
    return null;
  }
}

/** What core's choice of argon2id reads: the runtime's `node:crypto`, if any, and its `argon2`. */
function nodeCryptoArgon2(): string {
  const process = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof process?.getBuiltinModule !== "function") return "no process.getBuiltinModule";
  const crypto = process.getBuiltinModule("node:crypto") as { argon2?: unknown } | undefined;
  return crypto ? typeof crypto.argon2 : "no node:crypto";
}

function derivations(): number {
  return ((globalThis as Record<symbol, unknown>)[JAVASCRIPT_DERIVATIONS] as number | undefined) ?? 0;
}

/** Hashes `password`, and checks it and another password against `node24Hash`. */
export async function checkHashing(password: string, node24Hash: string): Promise<HashingCheck> {
  const before = derivations();
  const made = await hashPassword(password);
  const right = await verifyPassword(password, node24Hash);
  const wrong = await verifyPassword(`${password}!`, node24Hash);
  return {
    nodeCryptoArgon2: nodeCryptoArgon2(),
    made,
    node24Hash: right,
    node24HashWrongPassword: wrong,
    javascriptDerivations: derivations() - before,
  };
}

/**
 * `count` hashes of one password at core's default parameters, `inFlight` at a time, after one to warm
 * up, timed with the runtime's own clock (workerd's runs while JavaScript runs, unlike a deployed
 * Worker's); and the keys `@gatehouse/argon2id` derived for them, warm-up included.
 */
export async function timeHashing(count: number, inFlight: number): Promise<HashingTiming> {
  const before = derivations();
  let made = await hashPassword("a password to warm up with");
  const started = performance.now();
  const cpuBefore = cpuMs();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        next++;
        made = await hashPassword("correct horse battery staple");
      }
    }),
  );
  const ms = performance.now() - started;
  const cpuAfter = cpuMs();
  return {
    ms,
    made,
    javascriptDerivations: derivations() - before,
    cpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}
