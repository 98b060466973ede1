import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Credentials, gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { loginAtDevProvider } from "@gatehouse/dev-provider/testing";
import { createSqliteAdapter, migrate, type SqlAdapter } from "@gatehouse/sql";
import type { Hono } from "hono";
import { createApp } from "./app.ts";
import { CookieJar } from "./testing/cookie-jar.ts";

const ORIGIN = "http://localhost:3000";
const ROUTE = (provider: string) => `${ORIGIN}/api/me/providers/${provider}/access-token`;

describe("GET /api/me/providers/:provider/access-token", () => {
  let op: DevProvider;
  let dir: string;
  let adapter: SqlAdapter;
  let app: Hono;
  const clock = { offset: 0 };

  before(async () => {
    op = await startDevProvider({
      clients: [
        {
          client_id: "web",
          client_secret: "web-secret",
          redirect_uris: [`${ORIGIN}/api/auth/callback/dev`],
          grant_types: ["authorization_code", "refresh_token"],
        },
      ],
      ttl: { AccessToken: 120 },
    });
    dir = await mkdtemp(join(tmpdir(), "gatehouse-web-tokens-"));
    adapter = createSqliteAdapter(join(dir, "app.db"));
    await migrate(adapter.db);
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: `${ORIGIN}/api/auth`,
      adapter,
      providers: [
        OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "web", clientSecret: "web-secret" }),
        OIDC({ id: "other", name: "Other", issuer: op.issuer, clientId: "web", clientSecret: "web-secret" }),
        Credentials({ credentials: { username: {} }, authorize: () => null }),
      ],
      now: () => Date.now() + clock.offset * 1000,
      logger: { error: () => {}, warn: () => {} },
    });
    app = createApp({ auth, staticDir: dir });
  });

  after(async () => {
    await adapter.close();
    await op.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function request(url: string, jar: CookieJar, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("cookie", jar.header());
    const response = await app.request(url, { ...init, headers });
    jar.store(response);
    return response;
  }

  /** A full sign-in at the dev provider through the app; returns the browser's cookies. */
  async function signIn(username: string): Promise<CookieJar> {
    const jar = new CookieJar();
    const { csrfToken } = (await (await request(`${ORIGIN}/api/auth/csrf`, jar)).json()) as {
      csrfToken: string;
    };
    const started = await request(`${ORIGIN}/api/auth/signin/dev`, jar, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${ORIGIN}/` }),
    });
    const back = await loginAtDevProvider(op.issuer, started.headers.get("location") ?? "", username);
    const done = await request(back.href, jar);
    assert.equal(done.headers.get("location"), `${ORIGIN}/`);
    return jar;
  }

  it("answers the signed-in user's token, uncached, refreshed once it expires", async () => {
    const jar = await signIn("Tess");
    const first = await request(ROUTE("dev"), jar);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("cache-control"), "private, no-store");
    const body = (await first.json()) as { accessToken: string; expiresAt: number };
    assert.deepEqual(Object.keys(body).sort(), ["accessToken", "expiresAt"]);
    assert.ok(body.accessToken.length > 10);

    clock.offset += 100;
    const second = (await (await request(ROUTE("dev"), jar)).json()) as {
      accessToken: string;
      expiresAt: number;
    };
    assert.notEqual(second.accessToken, body.accessToken, "refreshed");
    assert.ok(second.expiresAt > body.expiresAt);
  });

  it("is 401 without a session", async () => {
    const response = await request(ROUTE("dev"), new CookieJar());
    assert.equal(response.status, 401);
    assert.equal(response.headers.get("cache-control"), "private, no-store");
    assert.deepEqual(await response.json(), { error: "SessionRequired" });
  });

  it("is 404 for a provider that is unknown, not OAuth, or not linked", async () => {
    const jar = await signIn("Uma");
    for (const [provider, error] of [
      ["nope", "UnknownProvider"],
      ["credentials", "UnknownProvider"],
      ["other", "AccountNotLinked"],
    ] as const) {
      const response = await request(ROUTE(provider), jar);
      assert.equal(response.status, 404, provider);
      assert.deepEqual(await response.json(), { error }, provider);
    }
  });
});
