import { ConfigError } from "../errors/config-error.ts";
import { nodeCrypto } from "./node-crypto.ts";

type NodeCrypto = NonNullable<typeof nodeCrypto>;

/** The inputs of one argon2id computation, as `node:crypto`'s `argon2()` names them. */
export interface Argon2idInput {
  message: string;
  nonce: Uint8Array;
  memory: number;
  passes: number;
  parallelism: number;
  tagLength: number;
}

/** An implementation of argon2id (v=0x13) and the constant-time compare that goes with it. */
export interface Argon2idBackend {
  /** Where it comes from: what the docs and the benchmark call it. */
  source: "node:crypto" | "@gatehouse/argon2id";
  derive(input: Argon2idInput): Promise<Uint8Array>;
  /** Constant-time equality; a length mismatch is not secret (the length is in the stored hash). */
  equal(a: Uint8Array, b: Uint8Array): boolean;
}

/** Resolves to the backend, importing it on the first call. */
export type Argon2idLoader = () => Promise<Argon2idBackend>;

/**
 * Chooses argon2id for a runtime from what its `node:crypto` offers: `node:crypto`'s own where it
 * has `argon2` (Node.js ≥ 24.7: native code on libuv's thread pool; Bun 1.4 too), else
 * `@gatehouse/argon2id` (pure JavaScript, for Node 22, Deno, Workers and browsers). Both compute the same key for the same
 * inputs, so the PHC strings written here verify on either.
 *
 * `@gatehouse/argon2id` is a dependency of core, imported on the first hash only (a dynamic
 * `import()`): a process that has native argon2id, or never hashes, never loads it, and a bundler
 * puts it in a chunk of its own. A bundle that left it out fails that hash with a `ConfigError`
 * (`importFallback` is that import, replaceable for the test of this).
 */
export function selectArgon2id(
  crypto: Partial<Pick<NodeCrypto, "argon2" | "timingSafeEqual">> | undefined,
  importFallback: () => Promise<typeof import("@gatehouse/argon2id")> = () => import("@gatehouse/argon2id"),
): Argon2idLoader {
  const { argon2, timingSafeEqual } = crypto ?? {};
  if (typeof argon2 === "function" && typeof timingSafeEqual === "function") {
    const backend: Argon2idBackend = {
      source: "node:crypto",
      derive: (input) =>
        // The asynchronous form runs on libuv's thread pool: a hash takes tens of milliseconds and
        // must not block the event loop.
        new Promise((resolve, reject) =>
          argon2("argon2id", input, (error, key) => (error ? reject(error) : resolve(new Uint8Array(key)))),
        ),
      equal: (a, b) => a.byteLength === b.byteLength && timingSafeEqual(a, b),
    };
    return async () => backend;
  }
  let loading: Promise<Argon2idBackend> | null = null;
  // One derivation at a time, the next when the last is done: JavaScript has one thread, so running
  // several at once (interleaved slices) would finish none sooner and hold the memory of each (19 MiB
  // with the defaults) at once, a cost a burst of sign-in attempts could multiply at will. Queued,
  // they hold one; node:crypto's path is bounded the same way by libuv's pool of 4 threads.
  let last: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = last.then(work);
    last = run.catch(() => {});
    return run;
  };
  return () => {
    loading ??= importFallback().then(
      (module): Argon2idBackend => ({
        source: "@gatehouse/argon2id",
        derive: (input) => oneAtATime(() => module.argon2id(input)),
        equal: module.timingSafeEqual,
      }),
      (cause: unknown) => {
        throw new ConfigError(
          "Password hashing: this runtime's node:crypto has no argon2 (Node.js 24.7 or later has it), and @gatehouse/argon2id, the dependency of @gatehouse/core that computes argon2id here instead, could not be loaded. Install it (npm install @gatehouse/argon2id) and keep it in the bundle, or pass the Password provider a `hasher` of your own.",
          { cause },
        );
      },
    );
    return loading;
  };
}

/** This runtime's argon2id. */
export const loadArgon2id: Argon2idLoader = selectArgon2id(nodeCrypto);
