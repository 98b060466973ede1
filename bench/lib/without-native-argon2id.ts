/**
 * Imported first by a server script (before anything loads `@gatehouse/core`): with
 * `BENCH_ARGON2ID=javascript`, removes `argon2` from `node:crypto`, so that core computes argon2id
 * as it does where `node:crypto` has none (Node 22, Deno, Bun) — with `@gatehouse/argon2id`, in pure
 * JavaScript. Core chooses when it is loaded, hence a module of its own, evaluated before core.
 */
if (process.env.BENCH_ARGON2ID === "javascript") {
  Reflect.deleteProperty(process.getBuiltinModule("node:crypto"), "argon2");
}
