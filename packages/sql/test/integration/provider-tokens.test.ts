import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Adapter, type Gatehouse, type GatehouseOptions, gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { KeyRing } from "../../../core/src/lib/key-ring.ts";
import { openToken } from "../../../core/src/lib/token-cipher.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";
import { APP, errorOf, oidcSignIn, recordingLogger, SECRET, signOut, TestBrowser } from "./flows.ts";

const CLIENT = { client_id: "app", client_secret: "app-secret" };
// Access tokens live 120 s at the provider; moving our clock 100 s on puts one inside the 60 s
// refresh margin while the provider's ID tokens (1 h, checked against our clock) stay valid.
const ACCESS_TOKEN_TTL = 120;
const EXPIRE = 100;

const kinds = await databasesFor("provider tokens");

/** The injected clock every instance of a test shares, and the fetch that counts refresh grants. */
function environment() {
  const state = { offset: 0, refreshes: 0, failTokenEndpoint: false, hangRevocation: false };
  const fetchCounting: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const body = init?.body instanceof URLSearchParams ? init.body : null;
    if (url.pathname === "/token" && body?.get("grant_type") === "refresh_token") {
      state.refreshes++;
      if (state.failTokenEndpoint) throw new TypeError("fetch failed");
    }
    if (url.pathname === "/token/revocation" && state.hangRevocation) {
      // A provider that accepts the connection and never answers: only our timeout ends it.
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    }
    return fetch(input, init);
  };
  return { state, now: () => Date.now() + state.offset * 1000, fetch: fetchCounting };
}

describe("provider tokens: refresh, sealing, revocation (dev provider, SQL adapter)", () => {
  let op: DevProvider;
  let discovery: { token_endpoint: string; introspection_endpoint: string; revocation_endpoint: string };

  before(async () => {
    op = await startDevProvider({
      clients: [
        {
          ...CLIENT,
          redirect_uris: [`${APP}/api/auth/callback/dev`],
          grant_types: ["authorization_code", "refresh_token"],
        },
      ],
      ttl: { AccessToken: ACCESS_TOKEN_TTL },
      rotateRefreshToken: true,
    });
    discovery = (await (
      await fetch(`${op.issuer}/.well-known/openid-configuration`)
    ).json()) as typeof discovery;
  });
  after(() => op.close());

  const basic = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}`;

  /** RFC 7662 at the provider: is this token still active? */
  async function active(token: string): Promise<boolean> {
    const response = await fetch(discovery.introspection_endpoint, {
      method: "POST",
      headers: { authorization: basic },
      body: new URLSearchParams({ token }),
    });
    assert.equal(response.status, 200);
    return ((await response.json()) as { active: boolean }).active;
  }

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      const keys = new KeyRing([SECRET]);

      before(async () => {
        db = await kind.open();
      });
      after(() => db.close());

      function instance(
        env: ReturnType<typeof environment>,
        options: { adapter?: Adapter; revokeTokens?: boolean; logger?: GatehouseOptions["logger"] } & Partial<
          Pick<GatehouseOptions, "session" | "httpTimeout">
        > = {},
      ): Gatehouse {
        return gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter: options.adapter ?? db.adapter,
          providers: [
            OIDC({
              id: "dev",
              name: "Dev",
              issuer: op.issuer,
              clientId: CLIENT.client_id,
              clientSecret: CLIENT.client_secret,
              revokeTokens: options.revokeTokens ?? false,
            }),
          ],
          now: env.now,
          fetch: env.fetch,
          logger: options.logger ?? recordingLogger(),
          ...(options.session ? { session: options.session } : {}),
          ...(options.httpTimeout ? { httpTimeout: options.httpTimeout } : {}),
        });
      }

      async function row(sub: string) {
        return db.adapter.db.kysely
          .selectFrom("gh_accounts")
          .selectAll()
          .where("provider", "=", "dev")
          .where("provider_account_id", "=", sub)
          .executeTakeFirst();
      }

      /** Signs `name` in at the dev provider through `auth`; returns the browser and the stored user id. */
      async function signedIn(auth: Gatehouse, name: string) {
        const browser = new TestBrowser(auth.handler);
        const done = await oidcSignIn(browser, op, "dev", name);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
        const stored = await row(name.toLowerCase());
        assert.ok(stored, "account stored");
        return { browser, userId: stored.user_id, sub: name.toLowerCase() };
      }

      async function plain(sealed: string | null | undefined): Promise<string> {
        assert.ok(sealed);
        const opened = await openToken(keys, sealed);
        assert.ok(opened);
        return opened;
      }

      test("tokens are sealed at rest; an expired access token is refreshed and the rotated refresh token persisted", async () => {
        const env = environment();
        const auth = instance(env);
        const { userId, sub } = await signedIn(auth, `Rowan ${kind.name}`);
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
        const { userId } = await signedIn(auth, `Concurrent ${kind.name}`);
        env.state.offset += EXPIRE;
        const results = await Promise.all(
          Array.from({ length: 10 }, () => auth.getAccessToken(userId, "dev")),
        );
        assert.equal(env.state.refreshes, 1);
        const tokens = new Set(results.map((r) => ("error" in r ? r.error : r.accessToken)));
        assert.equal(tokens.size, 1, "every caller got the same token");
        assert.ok(!results.some((r) => "error" in r));
      });

      test("two instances on one database: one refresh, both see the same new token", async () => {
        const env = environment();
        const first = instance(env);
        const second = instance(env, { adapter: db.connect() });
        const { userId, sub } = await signedIn(first, `Twin ${kind.name}`);
        env.state.offset += EXPIRE;
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).getAccessToken(userId, "dev")),
        );
        assert.equal(env.state.refreshes, 1, "the row lock let one instance refresh");
        const tokens = new Set(results.map((r) => ("error" in r ? r.error : r.accessToken)));
        assert.equal(tokens.size, 1, JSON.stringify([...tokens]));
        const [token] = tokens;
        assert.ok(await active(String(token)));
        assert.equal(await plain((await row(sub))?.access_token), token);
      });

      test("a refresh token revoked at the provider ends the link: invalid_grant, tokens cleared, logged once", async () => {
        const env = environment();
        const logger = recordingLogger();
        const auth = instance(env, { logger });
        const { userId, sub } = await signedIn(auth, `Revoked ${kind.name}`);
        const refresh = await plain((await row(sub))?.refresh_token);
        const revoked = await fetch(discovery.revocation_endpoint, {
          method: "POST",
          headers: { authorization: basic },
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
        await signedIn(auth, `Revoked ${kind.name}`);
        const relinked = await auth.getAccessToken(userId, "dev");
        assert.ok(!("error" in relinked), JSON.stringify(relinked));
        assert.ok(await active(relinked.accessToken));
      });

      test("a provider that is down is an error value and the stored tokens stay", async () => {
        const env = environment();
        const logger = recordingLogger();
        const auth = instance(env, { logger });
        const { userId, sub } = await signedIn(auth, `Down ${kind.name}`);
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
          providers: [OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app" })],
        });
        assert.throws(() => bare.getAccessToken("someone", "dev"), /needs an adapter/);
      });

      test("GET session never carries provider tokens, with JWT or database sessions", async () => {
        for (const strategy of ["jwt", "database"] as const) {
          const auth = instance(environment(), { session: { strategy } });
          const { browser, sub } = await signedIn(auth, `Session ${strategy} ${kind.name}`);
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
        const { browser, userId, sub } = await signedIn(auth, `Leaving ${kind.name}`);
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
        const { browser, sub } = await signedIn(auth, `Staying ${kind.name}`);
        const refresh = await plain((await row(sub))?.refresh_token);
        assert.equal((await signOut(browser)).status, 302);
        assert.ok(await active(refresh));
      });

      test("a revocation endpoint that hangs does not stop sign-out", async () => {
        const env = environment();
        const logger = recordingLogger();
        const auth = instance(env, { revokeTokens: true, logger, httpTimeout: 1000 });
        const { browser, sub } = await signedIn(auth, `Hung ${kind.name}`);
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
        const { userId, sub } = await signedIn(auth, `Unlink ${kind.name}`);
        const refresh = await plain((await row(sub))?.refresh_token);
        assert.equal(await auth.unlinkAccount(userId, "dev"), true);
        assert.equal(await active(refresh), false);
        assert.equal(await row(sub), undefined);
        assert.deepEqual(await auth.getAccessToken(userId, "dev"), { error: "AccountNotLinked" });
        assert.equal(await auth.unlinkAccount(userId, "dev"), false);
      });
    });
  }

  test("without refreshAccountTokens (in-process single-flight only) 10 calls still make one refresh", async () => {
    const [sqlite] = kinds;
    assert.ok(sqlite);
    const db = await sqlite.open();
    try {
      const { refreshAccountTokens: _, ...adapter } = db.adapter;
      const env = environment();
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter,
        providers: [
          OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
        ],
        now: env.now,
        fetch: env.fetch,
      });
      const browser = new TestBrowser(auth.handler);
      const done = await oidcSignIn(browser, op, "dev", "Fallback");
      assert.equal(done.headers.get("location"), `${APP}/dashboard`);
      const account = await adapter.getUserByAccount({ provider: "dev", providerAccountId: "fallback" });
      assert.ok(account);
      env.state.offset += EXPIRE;
      const results = await Promise.all(
        Array.from({ length: 10 }, () => auth.getAccessToken(account.id, "dev")),
      );
      assert.equal(env.state.refreshes, 1);
      assert.equal(new Set(results.map((r) => ("error" in r ? r.error : r.accessToken))).size, 1);
    } finally {
      await db.close();
    }
  });
});
