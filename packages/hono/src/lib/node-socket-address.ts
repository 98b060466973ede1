import type { Context } from "hono";

/**
 * The socket peer of a request served by `@hono/node-server`, which passes Node's request as
 * `c.env.incoming` (or `c.env.server.incoming`): what its `getConnInfo(c).remote.address` reads.
 * Read here by shape rather than by importing `@hono/node-server/conninfo`, so this package keeps
 * no dependency on the Node adapter and runs unchanged on Deno, Bun and Workers, where the bindings
 * have another shape and this answers null.
 */
export function nodeSocketAddress(c: Context): string | null {
  const env: unknown = c.env;
  const bindings = isObject(env) && isObject(env.server) ? env.server : env;
  if (!isObject(bindings) || !isObject(bindings.incoming) || !isObject(bindings.incoming.socket)) return null;
  const address = bindings.incoming.socket.remoteAddress;
  return typeof address === "string" ? address : null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
