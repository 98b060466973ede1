import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { type Adapter, type Gatehouse, gatehouse, OIDC } from "../src/index.ts";
import { APP, errorOf, oidcSignIn, recordingLogger, SECRET, signOut, TestBrowser } from "./support/flows.ts";
import {
  type Environment,
  EXPIRE,
  environment,
  type InstanceOptions,
  plain,
  startTokenProvider,
  type TokenProvider,
  tokenInstance,
  twoInstanceRefreshCase,
} from "./support/provider-tokens.ts";

describe("provider tokens: refresh, sealing, revocation (dev provider, memory adapter)", () => {
  let provider: TokenProvider;
  const adapter = createMemoryAdapter();

  before(async () => {
    provider = await startTokenProvider();
  });
  after(() => provider.op.close());

  const active = (token: string) => provider.active(token);

  function instance(env: Environment, options: InstanceOptions & { adapter?: Adapter } = {}): Gatehouse {
    return tokenInstance(provider, env, options.adapter ?? adapter, options);
  }

  async function row(sub: string) {
    return adapter
      .tables()
      .accounts.find((account) => account.provider === "dev" && account.providerAccountId === sub);
  }

  /** Signs `name` in at the dev provider through `auth`; returns the browser and the stored user id. */
  async function signedIn(auth: Gatehouse, name: string) {
    const browser = new TestBrowser(auth.handler);
    const done = await oidcSignIn(browser, provider.op, "dev", name);
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
    const stored = await row(name.toLowerCase());
    assert.ok(stored, "account stored");
    return { browser, userId: stored.userId, sub: name.toLowerCase() };
  }

  test("tokens are sealed at rest; an expired access token is refreshed and the rotated refresh token persisted", async () => {
    const env = environment();
    const auth = instance(env);
    const { userId, sub } = await signedIn(auth, "Rowan");
    const stored = await row(sub);
    for (const column of ["access_token", "refresh_token", "id_token"] as const) {
      assert.match(String(stored?.[column]), /^gh\.enc\./, `${column} sealed`);
    }
    const access = await plain(stored?.access_token);
    const refresh = await plain(stored?.refresh_token);
    const idToken = await plain(stored?.id_token);
    const rawRow = JSON.stringify(stored);
    for (const token of [access, refresh, idToken])
      assert.ok(!rawRow.includes(token), "no plaintext in the row");

    const fresh = await auth.getAccessToken(userId, "dev");
    assert.ok(!("error" in fresh), JSON.stringify(fresh));
    assert.equal(fresh.accessToken, access, "a valid token is used as it is");
    assert.equal(env.state.refreshes, 0);

    env.state.offset += EXPIRE;
    const refreshed = await auth.getAccessToken(userId, "dev");
    assert.ok(!("error" in refreshed), JSON.stringify(refreshed));
    assert.notEqual(refreshed.accessToken, access);
    assert.equal(env.state.refreshes, 1);
    assert.ok(await active(refreshed.accessToken), "the provider issued it");
    assert.ok((refreshed.expiresAt ?? 0) > env.now() / 1000 + 60);

    const after = await row(sub);
    assert.match(String(after?.refresh_token), /^gh\.enc\./);
    const rotated = await plain(after?.refresh_token);
    assert.notEqual(rotated, refresh, "rotated refresh token persisted");
    assert.equal(await plain(after?.access_token), refreshed.accessToken);
    assert.equal(Number(after?.expires_at), refreshed.expiresAt);
    assert.equal(await active(refresh), false, "the old refresh token is spent");

    const again = await auth.getAccessToken(userId, "dev");
    assert.ok(!("error" in again));
    assert.equal(again.accessToken, refreshed.accessToken);
    assert.equal(env.state.refreshes, 1, "no second refresh while the new token is valid");
  });

  test("10 concurrent getAccessToken calls make exactly one refresh request", async () => {
    const env = environment();
    const auth = instance(env);
    const { userId } = await signedIn(auth, "Concurrent");
    env.state.offset += EXPIRE;
    const results = await Promise.all(Array.from({ length: 10 }, () => auth.getAccessToken(userId, "dev")));
    assert.equal(env.state.refreshes, 1);
    const tokens = new Set(results.map((r) => ("error" in r ? r.error : r.accessToken)));
    assert.equal(tokens.size, 1, "every caller got the same token");
    assert.ok(!results.some((r) => "error" in r));
  });

  // Two app instances share one memory adapter: its per-account refresh chain plays the row lock.
  twoInstanceRefreshCase({
    provider: () => provider,
    adapter: () => adapter,
    second: () => adapter,
    row: async (sub) => row(sub),
    name: "Twin",
  });

  test("a refresh token revoked at the provider ends the link: invalid_grant, tokens cleared, logged once", async () => {
    const env = environment();
    const logger = recordingLogger();
    const auth = instance(env, { logger });
    const { userId, sub } = await signedIn(auth, "Revoked");
    const refresh = await plain((await row(sub))?.refresh_token);
    const revoked = await fetch(provider.discovery.revocation_endpoint, {
      method: "POST",
      headers: { authorization: provider.basic },
      body: new URLSearchParams({ token: refresh, token_type_hint: "refresh_token" }),
    });
    assert.equal(revoked.status, 200);

    env.state.offset += EXPIRE;
    const results = await Promise.all([
      auth.getAccessToken(userId, "dev"),
      auth.getAccessToken(userId, "dev"),
    ]);
    assert.deepEqual(results, [{ error: "ProviderSignInRequired" }, { error: "ProviderSignInRequired" }]);
    const after = await row(sub);
    assert.ok(after, "the account stays linked: signing in with the provider again works");
    assert.deepEqual([after.access_token, after.refresh_token, after.expires_at], [null, null, null]);
    assert.equal(logger.lines.length, 1, logger.lines.join("\n"));
    assert.match(logger.lines[0] ?? "", /^warn ProviderSignInRequired/);
    assert.ok(!logger.lines[0]?.includes(refresh), "no token in the log");

    assert.deepEqual(await auth.getAccessToken(userId, "dev"), { error: "ProviderSignInRequired" });
    assert.equal(env.state.refreshes, 1, "nothing left to send");
    assert.equal(logger.lines.length, 1);

    // Signing in again stores new tokens on the same account.
    await signedIn(auth, "Revoked");
    const relinked = await auth.getAccessToken(userId, "dev");
    assert.ok(!("error" in relinked), JSON.stringify(relinked));
    assert.ok(await active(relinked.accessToken));
  });

  test("a provider that is down is an error value and the stored tokens stay", async () => {
    const env = environment();
    const logger = recordingLogger();
    const auth = instance(env, { logger });
    const { userId, sub } = await signedIn(auth, "Down");
    const before = await row(sub);
    env.state.offset += EXPIRE;
    env.state.failTokenEndpoint = true;
    assert.deepEqual(await auth.getAccessToken(userId, "dev"), { error: "ProviderUnavailable" });
    assert.deepEqual(await row(sub), before);
    assert.match(logger.lines.join("\n"), /^error ProviderUnavailable/);

    env.state.failTokenEndpoint = false;
    const recovered = await auth.getAccessToken(userId, "dev");
    assert.ok(!("error" in recovered), JSON.stringify(recovered));
  });

  test("unknown users and providers: AccountNotLinked as a value, misuse as a TypeError", async () => {
    const auth = instance(environment());
    assert.deepEqual(await auth.getAccessToken(crypto.randomUUID(), "dev"), {
      error: "AccountNotLinked",
    });
    assert.throws(() => auth.getAccessToken("someone", "nope"), TypeError);
    const bare = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      providers: [OIDC({ id: "dev", name: "Dev", issuer: provider.op.issuer, clientId: "app" })],
    });
    assert.throws(() => bare.getAccessToken("someone", "dev"), /needs an adapter/);
  });

  test("GET session never carries provider tokens, with JWT or database sessions", async () => {
    for (const strategy of ["jwt", "database"] as const) {
      const auth = instance(environment(), { session: { strategy } });
      const { browser, sub } = await signedIn(auth, `Session ${strategy}`);
      const stored = await row(sub);
      const body = await (await browser.request("/api/auth/session")).text();
      assert.match(body, /"user"/, `${strategy}: signed in`);
      for (const token of [stored?.access_token, stored?.refresh_token, stored?.id_token]) {
        assert.ok(!body.includes(await plain(token)), `${strategy}: no plaintext token`);
        assert.ok(!body.includes(String(token)), `${strategy}: no sealed token`);
      }
      assert.doesNotMatch(body, /access_token|refresh_token|id_token|accessToken/);
    }
  });

  test("sign-out with revokeTokens revokes the refresh token at the provider and clears it", async () => {
    const env = environment();
    const logger = recordingLogger();
    const auth = instance(env, { revokeTokens: true, logger });
    const { browser, userId, sub } = await signedIn(auth, "Leaving");
    const before = await row(sub);
    const refresh = await plain(before?.refresh_token);
    const access = await plain(before?.access_token);
    assert.ok(await active(refresh));

    const out = await signOut(browser);
    assert.equal(out.status, 302);
    assert.equal(await active(refresh), false, "introspection: refresh token inactive");
    assert.equal(await active(access), false, "and the grant's access token with it");
    const after = await row(sub);
    assert.deepEqual([after?.access_token, after?.refresh_token], [null, null]);
    assert.equal(after?.id_token, before?.id_token, "ID token kept (logout hint)");
    assert.deepEqual(await auth.getAccessToken(userId, "dev"), { error: "ProviderSignInRequired" });
    assert.deepEqual(logger.lines, []);
  });

  test("sign-out without revokeTokens leaves the provider's tokens alone", async () => {
    const auth = instance(environment());
    const { browser, sub } = await signedIn(auth, "Staying");
    const refresh = await plain((await row(sub))?.refresh_token);
    assert.equal((await signOut(browser)).status, 302);
    assert.ok(await active(refresh));
  });

  test("a revocation endpoint that hangs does not stop sign-out", async () => {
    const env = environment();
    const logger = recordingLogger();
    const auth = instance(env, { revokeTokens: true, logger, httpTimeout: 1000 });
    const { browser, sub } = await signedIn(auth, "Hung");
    const refresh = await plain((await row(sub))?.refresh_token);
    env.state.hangRevocation = true;

    const out = await signOut(browser);
    assert.equal(out.status, 302);
    assert.equal(out.headers.get("location"), `${APP}/bye`);
    assert.deepEqual(await (await browser.request("/api/auth/session")).json(), {}, "signed out");
    assert.match(logger.lines.join("\n"), /^warn RevocationFailed/);
    assert.ok(await active(refresh), "not revoked, and so not cleared");
    assert.ok((await row(sub))?.refresh_token);
  });

  test("unlinkAccount revokes at the provider and removes the account", async () => {
    const auth = instance(environment(), { revokeTokens: true });
    const { userId, sub } = await signedIn(auth, "Unlink");
    const refresh = await plain((await row(sub))?.refresh_token);
    assert.equal(await auth.unlinkAccount(userId, "dev"), true);
    assert.equal(await active(refresh), false);
    assert.equal(await row(sub), undefined);
    assert.deepEqual(await auth.getAccessToken(userId, "dev"), { error: "AccountNotLinked" });
    assert.equal(await auth.unlinkAccount(userId, "dev"), false);
  });

  test("without refreshAccountTokens (in-process single-flight only) 10 calls still make one refresh", async () => {
    const { refreshAccountTokens: _, ...withoutLock } = createMemoryAdapter();
    const env = environment();
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter: withoutLock,
      providers: [
        OIDC({
          id: "dev",
          name: "Dev",
          issuer: provider.op.issuer,
          clientId: "app",
          clientSecret: "app-secret",
        }),
      ],
      now: env.now,
      fetch: env.fetch,
    });
    const browser = new TestBrowser(auth.handler);
    const done = await oidcSignIn(browser, provider.op, "dev", "Fallback");
    assert.equal(done.headers.get("location"), `${APP}/dashboard`);
    const account = await withoutLock.getUserByAccount({ provider: "dev", providerAccountId: "fallback" });
    assert.ok(account);
    env.state.offset += EXPIRE;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => auth.getAccessToken(account.id, "dev")),
    );
    assert.equal(env.state.refreshes, 1);
    assert.equal(new Set(results.map((r) => ("error" in r ? r.error : r.accessToken))).size, 1);
  });
});
