import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Credentials, type GatehouseOptions, gatehouse } from "@gatehouse/core";
import { Redis } from "ioredis";
import { TestBrowser } from "../../core/test/browser.ts";
import { recordingLogger } from "../../core/test/support/flows.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";
import { connectTestRedis, redisUnavailable } from "./redis-test-utils.ts";

const SECRET = "redis-store-test-secret-0123456789abcdefgh";

/** A Gatehouse whose limits live in `redis`: 2 credentials sign-ins per address per minute. */
function app(redis: Redis, options: Partial<GatehouseOptions> = {}) {
  const logger = recordingLogger();
  const auth = gatehouse({
    secret: SECRET,
    url: "http://localhost:3000/api/auth",
    providers: [
      Credentials({ credentials: { name: {} }, authorize: ({ name }) => (name ? { id: name, name } : null) }),
    ],
    rateLimit: {
      store: createRedisRateLimitStore(redis, { prefix: `gatehouse:test:${crypto.randomUUID()}:` }),
      rules: { credentials: { ip: { limit: 2, windowMs: 60_000 } } },
      ...(typeof options.rateLimit === "object" ? options.rateLimit : {}),
    },
    logger,
  });
  const browser = new TestBrowser((request) => auth.handler(request, { clientAddress: "192.0.2.7" }));
  const signIn = async () => {
    const csrfToken = await browser.csrf();
    return browser.request("/api/auth/callback/credentials", { form: { csrfToken, name: "ada" } });
  };
  return { signIn, logger };
}

const probe = await connectTestRedis();
if (!probe.ok) {
  redisUnavailable("Gatehouse with its limits in Redis", probe.reason);
} else {
  describe("Gatehouse with its limits in Redis (real Redis)", () => {
    const redis = probe.value;
    after(() => redis.quit());

    test("the limits hold: the third sign-in from one address is sent to the rate-limit page, with Retry-After", async () => {
      const { signIn } = app(redis);
      assert.equal((await signIn()).status, 302);
      assert.equal((await signIn()).status, 302);
      const refused = await signIn();
      // A browser's refused form POST: 303 to the page that says when to try again (no re-POST on reload).
      assert.equal(refused.status, 303);
      assert.match(refused.headers.get("location") ?? "", /error=RateLimited/);
      assert.ok(Number(refused.headers.get("retry-after")) > 0);
    });
  });
}

describe("Gatehouse with its limits in a Redis that is down", () => {
  let down: Redis;
  before(() => {
    // Nothing listens on port 1: every command fails at once (no retries, no offline queue).
    down = new Redis({
      port: 1,
      host: "127.0.0.1",
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
  });
  after(() => down.disconnect());

  test("fails open by default: sign-in keeps working, and each failure is logged", async () => {
    const { signIn, logger } = app(down);
    for (let i = 0; i < 3; i++) assert.equal((await signIn()).status, 302, `sign-in ${i + 1}`);
    assert.ok(logger.lines.some((line) => line.startsWith("error RateLimitStoreFailed")));
  });

  test('onStoreError: "closed" refuses with StorageUnavailable instead', async () => {
    const { signIn } = app(down, { rateLimit: { onStoreError: "closed" } });
    const refused = await signIn();
    assert.equal(refused.status, 302);
    assert.equal(new URL(refused.headers.get("location")!).searchParams.get("error"), "StorageUnavailable");
  });
});
