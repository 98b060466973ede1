type NodeCrypto = typeof import("node:crypto");

/**
 * `node:crypto` when the runtime has it, reached through `process.getBuiltinModule` (as
 * `lib/sha256.ts` does) so that core stays importable on Web-standard runtimes, where this is
 * `undefined`. WebCrypto has no memory-hard KDF, so password hashing needs Node.
 */
export const nodeCrypto: NodeCrypto | undefined = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;

/** Constant-time equality; a length mismatch is not secret (the length is in the stored hash). */
export function constantTimeEqual(crypto: NodeCrypto, a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && crypto.timingSafeEqual(a, b);
}
