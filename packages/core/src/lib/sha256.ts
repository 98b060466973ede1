import { toHex, utf8 } from "./encoding.ts";

type NodeCrypto = typeof import("node:crypto");

/**
 * Node's own hash, when the runtime has one: WebCrypto's `digest` is asynchronous and, on Node,
 * travels through the thread pool — a round trip that costs more than hashing 43 bytes. Runtimes
 * without `process.getBuiltinModule` (edge, browsers) use WebCrypto.
 */
const nodeCrypto: NodeCrypto | undefined = (
  globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
).process?.getBuiltinModule?.("node:crypto") as NodeCrypto | undefined;

/** Lowercase hex SHA-256 of a string's UTF-8 bytes. */
export async function sha256Hex(text: string): Promise<string> {
  if (nodeCrypto) return nodeCrypto.createHash("sha256").update(text, "utf8").digest("hex");
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8.encode(text))));
}
