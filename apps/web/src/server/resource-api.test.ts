import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createAccessTokenVerifier, gatehouse } from "@gatehouse/core";
import type { Hono } from "hono";
import { createApp } from "./app.ts";
import { type DevSetup, startDevSetup } from "./dev-setup.ts";
import { resourceApiSettings, resourceVerifierOptions } from "./resource-settings.ts";

const ORIGIN = "http://localhost:3000";

// The bearer API with the development defaults: tokens from the real bundled provider.
describe("the bearer API at /api/resource", () => {
  let dev: DevSetup;
  let app: Hono;
  let staticDir: string;

  before(async () => {
    staticDir = await mkdtemp(join(tmpdir(), "gatehouse-web-resource-"));
    dev = await startDevSetup({ authUrl: `${ORIGIN}/api/auth`, port: 0, log: () => {} });
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: `${ORIGIN}/api/auth`,
      providers: dev.providers,
      logger: { error: () => {}, warn: () => {} },
    });
    const options = resourceVerifierOptions(resourceApiSettings({}), { issuer: dev.issuer, ...dev.api });
    assert.ok(options);
    app = createApp({ auth, staticDir, resourceVerifier: createAccessTokenVerifier(options) });
  });
  after(async () => {
    await dev.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  async function token(params: Record<string, string>): Promise<string> {
    const { clientId, clientSecret } = dev.api.client;
    const response = await fetch(`${dev.issuer}/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${clientId}:${clientSecret}`)}` },
      body: new URLSearchParams({ grant_type: "client_credentials", ...params }),
    });
    assert.equal(response.status, 200, await response.clone().text());
    return ((await response.json()) as { access_token: string }).access_token;
  }

  const get = (path: string, authorization?: string) =>
    app.request(`${ORIGIN}${path}`, { headers: authorization ? { authorization } : {} });

  it("GET /whoami with the dev provider's JWT access token → 200 with the principal, no-store", async () => {
    const access = await token({ resource: dev.api.audience, scope: "api:read" });
    const response = await get("/api/resource/whoami", `Bearer ${access}`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.deepEqual(await response.json(), {
      subject: dev.api.client.clientId,
      clientId: dev.api.client.clientId,
      scopes: ["api:read"],
      expiresAt: JSON.parse(atob(access.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).exp,
      source: "jwt",
    });
  });

  it("no token → 401 with a bare Bearer challenge; a bad one → 401 invalid_token", async () => {
    const none = await get("/api/resource/whoami");
    assert.equal(none.status, 401);
    assert.equal(none.headers.get("www-authenticate"), "Bearer");
    assert.equal(none.headers.get("cache-control"), "no-store");
    for (const authorization of ["Bearer nonsense", "Bearer a.b.c", "Basic dXNlcjpwYXNz"]) {
      const bad = await get("/api/resource/whoami", authorization);
      assert.equal(bad.status, 401, authorization);
      assert.equal(bad.headers.get("www-authenticate"), 'Bearer error="invalid_token"');
      assert.deepEqual(await bad.json(), { error: "invalid_token" });
    }
  });

  it("a tampered token → 401", async () => {
    const [header, payload, signature] = (await token({ resource: dev.api.audience })).split(".");
    const flipped = `${signature!.slice(0, -2)}${signature!.endsWith("AA") ? "BB" : "AA"}`;
    const response = await get("/api/resource/whoami", `Bearer ${header}.${payload}.${flipped}`);
    assert.equal(response.status, 401);
  });

  it("an opaque token with no audience (no resource requested) → 401: not meant for this API", async () => {
    const opaque = await token({});
    assert.equal(opaque.split(".").length, 1, "opaque");
    assert.equal((await get("/api/resource/whoami", `Bearer ${opaque}`)).status, 401);
  });

  it("GET /items needs api:read: 403 insufficient_scope without it, 200 with it", async () => {
    const writeOnly = await token({ resource: dev.api.audience, scope: "api:write" });
    const denied = await get("/api/resource/items", `Bearer ${writeOnly}`);
    assert.equal(denied.status, 403);
    assert.equal(
      denied.headers.get("www-authenticate"),
      'Bearer error="insufficient_scope", scope="api:read"',
    );
    assert.equal(denied.headers.get("cache-control"), "no-store");
    const reader = await token({ resource: dev.api.audience, scope: "api:read" });
    const allowed = await get("/api/resource/items", `Bearer ${reader}`);
    assert.equal(allowed.status, 200);
    assert.equal(((await allowed.json()) as { items: unknown[] }).items.length, 2);
  });

  it("unknown paths under /api/resource are 404 JSON (after the token check)", async () => {
    const access = await token({ resource: dev.api.audience });
    const response = await get("/api/resource/nope", `Bearer ${access}`);
    assert.equal(response.status, 404);
  });

  it("without a verifier the bearer API does not exist", async () => {
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: `${ORIGIN}/api/auth`,
      providers: [],
    });
    const plain = createApp({ auth, staticDir });
    assert.equal((await plain.request(`${ORIGIN}/api/resource/whoami`)).status, 404);
  });
});

describe("resourceApiSettings", () => {
  it("reads the issuer, audiences and introspection client", () => {
    assert.deepEqual(
      resourceApiSettings({
        API_ISSUER: "https://id.example.com",
        API_AUDIENCE: "https://app.example.com/api/resource, urn:app",
        API_INTROSPECTION_CLIENT_ID: "api",
        API_INTROSPECTION_CLIENT_SECRET: "s3cret",
      }),
      {
        issuer: "https://id.example.com",
        audience: ["https://app.example.com/api/resource", "urn:app"],
        introspection: { clientId: "api", clientSecret: "s3cret" },
      },
    );
    assert.deepEqual(resourceApiSettings({}), {});
  });

  it("half a pair is a start-up error naming the missing variable", () => {
    assert.throws(
      () => resourceApiSettings({ API_ISSUER: "https://id.example.com" }),
      /Missing: API_AUDIENCE/,
    );
    assert.throws(() => resourceApiSettings({ API_AUDIENCE: "x" }), /Missing: API_ISSUER/);
    assert.throws(
      () => resourceApiSettings({ API_INTROSPECTION_CLIENT_ID: "api" }),
      /Missing: API_INTROSPECTION_CLIENT_SECRET/,
    );
  });

  it("the environment wins over the development defaults; production without it has no API", () => {
    const dev = {
      issuer: "http://127.0.0.1:1",
      audience: "http://localhost:3000/api/resource",
      introspection: { clientId: "w", clientSecret: "s" },
    };
    const fromEnv = resourceApiSettings({ API_ISSUER: "https://id.example.com", API_AUDIENCE: "urn:app" });
    assert.deepEqual(resourceVerifierOptions(fromEnv, dev), {
      issuer: "https://id.example.com",
      audience: ["urn:app"],
    });
    assert.deepEqual(resourceVerifierOptions({}, dev), dev);
    assert.equal(resourceVerifierOptions({}, null), null);
  });
});
