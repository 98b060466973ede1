import { type AddressInfo, connect, createServer, type Socket } from "node:net";
import { test } from "node:test";
import { Redis } from "ioredis";

/** Where the tests find Redis; override with GATEHOUSE_TEST_REDIS_URL. */
export const REDIS_TEST_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export type RedisProbe = { ok: true; value: Redis } | { ok: false; reason: string };

/** A connected client to the test Redis, or why there is none. Quit it when done. */
export async function connectTestRedis(): Promise<RedisProbe> {
  const redis = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  try {
    await redis.connect();
    await redis.ping();
    return { ok: true, value: redis };
  } catch (error) {
    redis.disconnect();
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: `Redis not reachable at ${REDIS_TEST_URL}: ${reason}` };
  }
}

/**
 * Registers the test that stands in for a Redis suite when the server is unreachable: a skip on a
 * laptop, a failure in CI (where the service is part of the job and must not be silently lost).
 */
export function redisUnavailable(name: string, reason: string): void {
  test(name, (t) => {
    if (process.env.CI) throw new Error(`${reason} (CI is set: Redis tests must run)`);
    t.skip(reason);
  });
}

/** A prefix unique to this run, so parallel runs and other data never meet. */
export function testPrefix(): string {
  return `gatehouse:test:${crypto.randomUUID()}:`;
}

/** Deletes every key under `prefix`. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

/** A TCP proxy in front of a server, that can stop passing bytes (a partition) and start again. */
export interface TcpProxy {
  port: number;
  /** Stops passing bytes either way; connections stay open, as across a partition. */
  hold(): void;
  /** Passes bytes again, the held ones first. */
  release(): void;
  close(): Promise<void>;
}

/**
 * A proxy on 127.0.0.1 (any free port) to `target`. While held, each side's socket is paused: bytes
 * sent meanwhile wait in the kernel's buffers, and nothing is answered, as when Redis hangs (a long
 * script, a fork on a huge dataset) or the network between them partitions.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let held = false;
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const socket of pair) {
      socket.on("error", () => {});
      socket.on("close", () => {
        pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      });
      if (held) socket.pause();
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hold() {
      held = true;
      for (const pair of pairs) for (const socket of pair) socket.pause();
    },
    release() {
      held = false;
      for (const pair of pairs) for (const socket of pair) socket.resume();
    },
    close() {
      for (const pair of pairs) for (const socket of pair) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
