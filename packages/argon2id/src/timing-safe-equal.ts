import { equalBytes } from "@noble/ciphers/utils.js";

type Compare = (a: Uint8Array, b: Uint8Array) => boolean;

/** `node:crypto`'s compare (Node, Deno, Bun, Workers with nodejs_compat); `@noble/ciphers`' elsewhere. */
export function compareFor(crypto: { timingSafeEqual?: Compare } | undefined): Compare {
  const native = crypto?.timingSafeEqual;
  return typeof native === "function" ? (a, b) => native(a, b) : equalBytes;
}

const compare = compareFor(
  (
    globalThis as {
      process?: { getBuiltinModule?: (id: string) => { timingSafeEqual?: Compare } | undefined };
    }
  ).process?.getBuiltinModule?.("node:crypto"),
);

/**
 * Whether two byte strings are equal, in a time that does not depend on where they differ: for
 * comparing a computed password hash with the stored one. Arrays of different lengths are unequal
 * at once (a stored hash's length is not secret: it is in the stored string).
 *
 * `node:crypto`'s `timingSafeEqual` (native) where the runtime has `node:crypto`; otherwise
 * `equalBytes` of `@noble/ciphers`, which reads every byte and branches on none. Web Crypto has no
 * such compare, and this package does not write its own.
 *
 * @example
 * if (timingSafeEqual(await argon2id(parameters), storedHash)) signIn();
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && compare(a, b);
}
