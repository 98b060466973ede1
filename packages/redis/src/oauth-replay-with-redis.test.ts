import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { type Adapter, createMemoryAdapter, gatehouse } from "@gatehouse/core";
import type { FakeProvider } from "../../core/test/provider-fakes/fake-provider.ts";
import { APP, SECRET, sessionTokenSet } from "../../core/test/support/flows.ts";
import {
  captureCallback,
  laxProvider,
  replay,
  startLaxProvider,
} from "../../core/test/support/oauth-replay-suite.ts";
import { createRedisRateLimitStore } from "./redis-rate-limit-store.ts";
import { connectTestRedis, deletePrefix, redisUnavailable, testPrefix } from "./redis-test-utils.ts";

const probe = await connectTestRedis();
if (!probe.ok) {
  redisUnavailable("OAuth flows spent in Redis", probe.reason);
} else {
  // An Auth.js adapter keeps no rate-limit store, so each instance would spend flows in its own
  // memory; a shared `rateLimit.store` in Redis makes the spend hold across instances (issue 22, item 4).
  describe("OAuth flows spent in Redis, two instances on an Auth.js adapter (real Redis)", () => {
    const redis = probe.value;
    const prefix = testPrefix();
    let lax: FakeProvider;
    after(async () => {
      await lax?.close();
      await deletePrefix(redis, prefix);
      await redis.quit();
    });

    test("a replayed callback on the other instance makes no second session, racing or not", async () => {
      lax = await startLaxProvider();
      const { rateLimits: _none, ...authjs } = createMemoryAdapter(); // one database, both instances
      const instance = () =>
        gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: authjs as Adapter,
          fetch: lax.fetch,
          providers: [laxProvider()],
          rateLimit: { store: createRedisRateLimitStore(redis, { prefix }) },
          logger: { error() {}, warn() {} },
        }).handler;
      const [first, second] = [instance(), instance()];

      const captured = await captureCallback(lax, first);
      assert.ok(sessionTokenSet(await replay(first, captured)));
      const again = await replay(second, captured);
      assert.equal(
        new URL(again.headers.get("location")!).searchParams.get("error"),
        "OAuthCallbackReplayed",
      );

      const raced = await captureCallback(lax, second);
      const answers = await Promise.all([0, 1, 2, 3].map((i) => replay(i % 2 ? first : second, raced)));
      assert.equal(answers.filter((answer) => sessionTokenSet(answer) !== undefined).length, 1);
    });
  });
}
