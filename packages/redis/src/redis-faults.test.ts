import assert from "node:assert/strict";
import { once } from "node:events";
import { type AddressInfo, createServer, type Server } from "node:net";
import { after, before, describe, test } from "node:test";
import { Credentials, type GatehouseOptions, gatehouse } from "@gatehouse/core";
import { Redis, type RedisOptions } from "ioredis";
import { TestBrowser } from "../../core/test/browser.ts";
import { recordingLogger } from "../../core/test/support/flows.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";
import {
  connectTestRedis,
  redisUnavailable,
  startTcpProxy,
  type TcpProxy,
  testPrefix,
} from "./redis-test-utils.ts";

// Issue 22 (operations): what a sign-in costs when the Redis behind the rate limits is down or hangs.
// With ioredis's defaults (what `new Redis(url)` gives an app), a closed port held each sign-in for
// ~10 s (20 reconnect attempts), and a Redis that accepts and never answers held it for ever. Core
// now gives the store `rateLimit.storeTimeout` (2 s) per call, then applies `onStoreError`.

const SECRET = "redis-store-test-secret-0123456789abcdefgh";
/** The bound asked of every answer while Redis misbehaves: the 2 s store time-out, with room for a busy machine. */
const ANSWER_WITHIN_MS = 4000;

/** ioredis as an app would write it: the defaults, or the options the README recommends. */
const CLIENTS: [name: string, options: RedisOptions][] = [
  ["ioredis defaults", {}],
  ["the README's options", { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 }],
];

/** A Gatehouse whose limits live in `redis`: 2 credentials sign-ins per address per minute. */
function app(redis: Redis, options: { onStoreError?: "open" | "closed"; clock?: () => number } = {}) {
  const logger = recordingLogger();
  const rateLimit: GatehouseOptions["rateLimit"] = {
    store: createRedisRateLimitStore(redis, { prefix: testPrefix() }),
    rules: { credentials: { ip: { limit: 2, windowMs: 60_000 } } },
    ...(options.onStoreError ? { onStoreError: options.onStoreError } : {}),
  };
  const auth = gatehouse({
    secret: SECRET,
    url: "http://localhost:3000/api/auth",
    providers: [
      Credentials({ credentials: { name: {} }, authorize: ({ name }) => (name ? { id: name, name } : null) }),
    ],
    rateLimit,
    logger,
    ...(options.clock ? { now: options.clock } : {}),
  });
  const browser = new TestBrowser((request) => auth.handler(request, { clientAddress: "192.0.2.7" }));
  /** One sign-in; its answer and how long it took. */
  const signIn = async () => {
    const csrfToken = await browser.csrf();
    const started = Date.now();
    const response = await browser.request("/api/auth/callback/credentials", {
      form: { csrfToken, name: "ada" },
    });
    return { response, tookMs: Date.now() - started, error: errorOf(response) };
  };
  return { signIn, logger };
}

function errorOf(response: Response): string | null {
  const location = response.headers.get("location");
  return location ? new URL(location).searchParams.get("error") : null;
}

function client(port: number, options: RedisOptions): Redis {
  const redis = new Redis({ host: "127.0.0.1", port, ...options });
  redis.on("error", () => {}); // the app's job; here, the reconnect noise of a Redis that is down
  return redis;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("a sign-in answers within ~2 s when Redis is down or hangs", () => {
  let closedPort: number;
  let blackhole: Server;
  let blackholePort: number;
  const clients: Redis[] = [];

  before(async () => {
    const closed = createServer();
    closedPort = await listen(closed);
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
    blackhole = createServer(() => {}); // accepts, reads, never answers: a hung Redis
    blackholePort = await listen(blackhole);
  });
  after(() => {
    for (const redis of clients) redis.disconnect();
    blackhole.close();
  });

  for (const [clientName, options] of CLIENTS) {
    for (const [faultName, port] of [
      ["a closed port", () => closedPort],
      ["a Redis that accepts and never answers", () => blackholePort],
    ] as const) {
      test(`${faultName}, ${clientName}: open by default (signed in, logged), closed on request (StorageUnavailable)`, async () => {
        const redis = client(port(), options);
        clients.push(redis);
        const open = app(redis);
        for (let i = 0; i < 3; i++) {
          const { response, tookMs, error } = await open.signIn();
          assert.equal(response.status, 302);
          assert.equal(error, null, "signed in: the limits fail open");
          assert.ok(tookMs < ANSWER_WITHIN_MS, `sign-in ${i + 1} answered after ${tookMs} ms`);
        }
        assert.ok(open.logger.lines.some((line) => line.startsWith("error RateLimitStoreFailed")));
        assert.ok(open.logger.lines.every((line) => line.startsWith("error RateLimitStoreFailed")));

        const closed = app(redis, { onStoreError: "closed" });
        const { response, tookMs, error } = await closed.signIn();
        assert.equal(response.status, 302);
        assert.equal(error, "StorageUnavailable");
        assert.ok(tookMs < ANSWER_WITHIN_MS, `answered after ${tookMs} ms`);
      });
    }
  }
});

const probe = await connectTestRedis();
if (!probe.ok) {
  redisUnavailable("a Redis that stops answering, then comes back", probe.reason);
} else {
  describe("a Redis that stops answering mid-way (held by a TCP proxy), then comes back", () => {
    const direct = probe.value;
    let proxy: TcpProxy;
    const clients: Redis[] = [];
    before(async () => {
      const { host, port } = direct.options;
      proxy = await startTcpProxy({ host: host ?? "127.0.0.1", port: port ?? 6379 });
    });
    after(async () => {
      for (const redis of clients) redis.disconnect();
      await proxy.close();
      await direct.quit();
    });

    for (const [clientName, options] of CLIENTS) {
      test(`${clientName}: limits count, fail open within ~2 s while held, and count again once released`, async () => {
        let now = Date.now();
        const redis = client(proxy.port, options);
        clients.push(redis);
        if (redis.status !== "ready") await once(redis, "ready");
        const { signIn, logger } = app(redis, { clock: () => now });
        const first = await signIn();
        assert.equal(first.error, null);

        proxy.hold();
        try {
          for (let i = 0; i < 3; i++) {
            const { error, tookMs } = await signIn();
            assert.equal(error, null, "fails open");
            assert.ok(tookMs < ANSWER_WITHIN_MS, `answered after ${tookMs} ms while Redis hangs`);
          }
          assert.ok(logger.lines.some((line) => line.startsWith("error RateLimitStoreFailed")));
        } finally {
          proxy.release();
        }

        // Back: past the pause after a time-out, the counter is Redis's again, without a restart.
        now += 10_000;
        await redis.ping();
        let refused = false;
        for (let i = 0; i < 3 && !refused; i++) {
          const { response } = await signIn();
          refused =
            response.status === 303 && (response.headers.get("location") ?? "").includes("error=RateLimited");
        }
        assert.ok(refused, "the limit holds again");
      });
    }
  });
}
