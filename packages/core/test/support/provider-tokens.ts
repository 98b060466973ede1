import assert from "node:assert/strict";
import { test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { type Adapter, type Gatehouse, type GatehouseOptions, gatehouse, OIDC } from "../../src/index.ts";
// Internal on purpose: opening a stored token is how a test proves it was sealed, not just encoded.
import { KeyRing } from "../../src/lib/key-ring.ts";
import { openToken } from "../../src/lib/token-cipher.ts";
import { APP, errorOf, oidcSignIn, recordingLogger, SECRET, TestBrowser } from "./flows.ts";

export const CLIENT = { client_id: "app", client_secret: "app-secret" };
// Access tokens live 120 s at the provider; moving our clock 100 s on puts one inside the 60 s
// refresh margin while the provider's ID tokens (1 h, checked against our clock) stay valid.
const ACCESS_TOKEN_TTL = 120;
export const EXPIRE = 100;

export type Environment = ReturnType<typeof environment>;

/** The injected clock every instance of a test shares, and the fetch that counts refresh grants. */
export function environment() {
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

export interface TokenProvider {
  op: DevProvider;
  discovery: { token_endpoint: string; introspection_endpoint: string; revocation_endpoint: string };
  /** HTTP Basic credentials of the app's client, for the provider's introspection and revocation. */
  basic: string;
  /** RFC 7662 at the provider: is this token still active? */
  active(token: string): Promise<boolean>;
}

/** A dev provider with short-lived access tokens and rotating refresh tokens. */
export async function startTokenProvider(): Promise<TokenProvider> {
  const op = await startDevProvider({
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
  const discovery = (await (
    await fetch(`${op.issuer}/.well-known/openid-configuration`)
  ).json()) as TokenProvider["discovery"];
  const basic = `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}`;
  return {
    op,
    discovery,
    basic,
    async active(token) {
      const response = await fetch(discovery.introspection_endpoint, {
        method: "POST",
        headers: { authorization: basic },
        body: new URLSearchParams({ token }),
      });
      assert.equal(response.status, 200);
      return ((await response.json()) as { active: boolean }).active;
    },
  };
}

export type InstanceOptions = {
  revokeTokens?: boolean;
  logger?: GatehouseOptions["logger"];
} & Partial<Pick<GatehouseOptions, "session" | "httpTimeout">>;

/** One app instance signing in at the token provider as `dev`, on `adapter`, with the test's clock and fetch. */
export function tokenInstance(
  provider: TokenProvider,
  env: Environment,
  adapter: Adapter,
  options: InstanceOptions = {},
): Gatehouse {
  return gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [
      OIDC({
        id: "dev",
        name: "Dev",
        issuer: provider.op.issuer,
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

const keys = new KeyRing([SECRET]);

/** The plaintext of a token sealed at rest; fails the test when it is missing or does not open. */
export async function plain(sealed: string | null | undefined): Promise<string> {
  assert.ok(sealed);
  const opened = await openToken(keys, sealed);
  assert.ok(opened);
  return opened;
}

/** An account row at `dev` as a test reads it straight from storage (SQL columns or memory rows). */
export interface AccountRow {
  userId: string;
  access_token?: string | null;
}

export interface TokenStorage {
  provider(): TokenProvider;
  adapter(): Adapter;
  /** Another app instance's adapter on the same storage. */
  second(): Adapter;
  row(sub: string): Promise<AccountRow | undefined>;
  /** The person who signs in (distinct per storage, as they share one provider). */
  name: string;
}

/**
 * The refresh case whose outcome depends on the storage's lock: run on the memory adapter in core and
 * on each SQL database in @gatehouse/sql.
 */
export function twoInstanceRefreshCase(storage: TokenStorage): void {
  test("two instances on one database: one refresh, both see the same new token", async () => {
    const env = environment();
    const provider = storage.provider();
    const first = tokenInstance(provider, env, storage.adapter());
    const second = tokenInstance(provider, env, storage.second());
    const browser = new TestBrowser(first.handler);
    const done = await oidcSignIn(browser, provider.op, "dev", storage.name);
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(done)}`);
    const sub = storage.name.toLowerCase();
    const stored = await storage.row(sub);
    assert.ok(stored, "account stored");
    const userId = stored.userId;
    env.state.offset += EXPIRE;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? first : second).getAccessToken(userId, "dev")),
    );
    assert.equal(env.state.refreshes, 1, "the row lock let one instance refresh");
    const tokens = new Set(results.map((r) => ("error" in r ? r.error : r.accessToken)));
    assert.equal(tokens.size, 1, JSON.stringify([...tokens]));
    const [token] = tokens;
    assert.ok(await provider.active(String(token)));
    assert.equal(await plain((await storage.row(sub))?.access_token), token);
  });
}
