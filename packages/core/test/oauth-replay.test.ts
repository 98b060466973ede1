import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import * as oauth from "oauth4webapi";
import type { Adapter } from "../src/adapter/adapter.ts";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { type GatehouseOptions, gatehouse, type RateLimitStore } from "../src/index.ts";
import { CLIENT_ID, CLIENT_SECRET, type FakeProvider } from "./provider-fakes/fake-provider.ts";
import { APP, entriesLogger, SECRET, sessionTokenSet } from "./support/flows.ts";
import {
  captureCallback,
  LAX_ISSUER,
  laxProvider,
  oauthReplaySuite,
  replay,
  startLaxProvider,
} from "./support/oauth-replay-suite.ts";

test("the suite's premise: the lax provider really answers tokens for one code twice", async () => {
  const lax = await startLaxProvider();
  try {
    const verifier = oauth.generateRandomCodeVerifier();
    const authorize = new URL(`${LAX_ISSUER}/authorize`);
    const redirectUri = `${APP}/api/auth/callback/lax`;
    authorize.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: "code",
      redirect_uri: redirectUri,
      code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
    }).toString();
    const back = await lax.fetch(authorize.href, { redirect: "manual" });
    const code = new URL(back.headers.get("location")!).searchParams.get("code")!;
    const exchange = () =>
      lax.fetch(`${LAX_ISSUER}/token`, {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${CLIENT_ID}:${CLIENT_SECRET}`)}`,
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        }),
      });
    assert.equal((await exchange()).status, 200);
    assert.equal((await exchange()).status, 200, "the same code, accepted again");
  } finally {
    await lax.close();
  }
});

// Two instances here share one memory adapter (its rate-limit store is where flows are spent). The
// same suite runs on SQLite and PostgreSQL: packages/sql/test/integration/oauth-replay-flows.test.ts.
oauthReplaySuite("one OAuth callback, one session, on the memory adapter", async () => {
  const adapter = createMemoryAdapter();
  return { adapter, another: () => adapter, close: async () => {} };
});

describe("where flows are spent, and when that store fails", () => {
  let lax: FakeProvider;
  before(async () => {
    lax = await startLaxProvider();
  });
  after(() => lax.close());

  function app(options: Partial<GatehouseOptions>) {
    const logger = entriesLogger();
    const { handler } = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      fetch: lax.fetch,
      providers: [laxProvider()],
      logger,
      ...options,
    });
    return { handler, logger };
  }

  const errorOf = (response: Response) =>
    new URL(response.headers.get("location")!).searchParams.get("error");

  test("an Auth.js adapter (no rate-limit store): a replay on the same instance is refused all the same", async () => {
    const { rateLimits: _none, ...authjs } = createMemoryAdapter();
    const { handler } = app({ adapter: authjs as Adapter });
    const captured = await captureCallback(lax, handler);
    assert.ok(sessionTokenSet(await replay(handler, captured)));
    assert.equal(errorOf(await replay(handler, captured)), "OAuthCallbackReplayed");
  });

  test("rateLimit: false still spends every flow", async () => {
    for (const adapter of [undefined, createMemoryAdapter()]) {
      const { handler } = app({ rateLimit: false, ...(adapter ? { adapter } : {}) });
      const captured = await captureCallback(lax, handler);
      assert.ok(sessionTokenSet(await replay(handler, captured)));
      assert.equal(errorOf(await replay(handler, captured)), "OAuthCallbackReplayed");
    }
  });

  const down: RateLimitStore = {
    hit: () => Promise.reject(new Error("store down")),
    peek: () => Promise.reject(new Error("store down")),
    delete: () => Promise.reject(new Error("store down")),
  };

  test('a failing store with onStoreError "open" (the default): the sign-in goes on, logged', async () => {
    const { handler, logger } = app({ rateLimit: { store: down } });
    const captured = await captureCallback(lax, handler);
    assert.ok(
      sessionTokenSet(await replay(handler, captured)),
      "the provider's own rules are the guard then",
    );
    assert.ok(logger.entries.some((entry) => entry.code === "RateLimitStoreFailed"));
  });

  test('a failing store with onStoreError "closed": StorageUnavailable, no session', async () => {
    const { handler } = app({ rateLimit: { store: down, onStoreError: "closed" } });
    const captured = await captureCallback(lax, handler);
    const answer = await replay(handler, captured);
    assert.equal(errorOf(answer), "StorageUnavailable");
    assert.equal(sessionTokenSet(answer), undefined);
  });
});
