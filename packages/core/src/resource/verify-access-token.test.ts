import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import type { AccessTokenVerifierOptions } from "./verifier-options.ts";
import { createAccessTokenVerifier, verifyAccessToken } from "./verify-access-token.ts";

// Against a real oidc-provider: JWT access tokens (RFC 9068) for one resource, opaque ones for another,
// both from the client-credentials grant, and the provider's introspection and revocation endpoints.

const JWT_API = "https://api.example";
const OPAQUE_API = "https://opaque-api.example";
const MACHINE = { id: "machine", secret: "machine-secret" };
const API_CLIENT = { clientId: "api", clientSecret: "api-secret" };

const basic = (id: string, secret: string) => `Basic ${btoa(`${id}:${secret}`)}`;
const bearer = (token: string) =>
  new Request("https://api.example/things", { headers: { authorization: `Bearer ${token}` } });

describe("verifyAccessToken against a real oidc-provider", () => {
  let op: DevProvider;
  let signingKey: CryptoKey;
  let signingKid: string;
  let requests: string[];

  const countingFetch: typeof fetch = (input, init) => {
    requests.push(new URL(String(input)).pathname);
    return fetch(input, init);
  };

  before(async () => {
    // Our own signing key, so tests can also mint tokens the provider would have signed.
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    signingKey = privateKey;
    signingKid = "op-key-1";
    const jwk: JWK = { ...(await exportJWK(privateKey)), kid: signingKid, alg: "RS256", use: "sig" };
    op = await startDevProvider({
      jwks: { keys: [jwk] },
      clients: [
        {
          client_id: MACHINE.id,
          client_secret: MACHINE.secret,
          redirect_uris: [],
          response_types: [],
          grant_types: ["client_credentials"],
        },
        {
          client_id: API_CLIENT.clientId,
          client_secret: API_CLIENT.clientSecret,
          redirect_uris: [],
          response_types: [],
          grant_types: [],
        },
      ],
      features: {
        clientCredentials: { enabled: true },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => JWT_API,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx: unknown, resource: string) => ({
            scope: "api:read api:write",
            audience: resource,
            accessTokenFormat: resource === OPAQUE_API ? "opaque" : "jwt",
          }),
        },
      },
    });
  });
  after(() => op.close());

  async function issue(resource: string, scope = "api:read"): Promise<string> {
    const response = await fetch(`${op.issuer}/token`, {
      method: "POST",
      headers: { authorization: basic(MACHINE.id, MACHINE.secret) },
      body: new URLSearchParams({ grant_type: "client_credentials", resource, scope }),
    });
    assert.equal(response.status, 200);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  function options(overrides: Partial<AccessTokenVerifierOptions> = {}): AccessTokenVerifierOptions {
    requests = [];
    return { issuer: op.issuer, audience: JWT_API, fetch: countingFetch, ...overrides };
  }

  /** A token like the provider's, signed with its key, with some claims or header fields changed. */
  async function mint(
    claims: Record<string, unknown> = {},
    header: Record<string, unknown> = {},
    key: CryptoKey | Uint8Array = signingKey,
  ): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      iss: op.issuer,
      aud: JWT_API,
      sub: "machine",
      client_id: "machine",
      scope: "api:read",
      iat: now,
      exp: now + 600,
      jti: crypto.randomUUID(),
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: signingKid, ...header })
      .sign(key);
  }

  test("a JWT access token from the provider → its principal (discovery, then the key set once)", async () => {
    const verify = createAccessTokenVerifier(options());
    const token = await issue(JWT_API, "api:read api:write");
    const principal = await verify(bearer(token));
    assert.ok(principal);
    assert.equal(principal.source, "jwt");
    assert.equal(principal.subject, "machine");
    assert.equal(principal.clientId, "machine");
    assert.deepEqual(principal.scopes, ["api:read", "api:write"]);
    assert.deepEqual(principal.audience, [JWT_API]);
    assert.equal(principal.issuer, op.issuer);
    assert.equal(typeof principal.expiresAt, "number");
    assert.ok(await verify(bearer(await issue(JWT_API))));
    assert.deepEqual(requests, ["/.well-known/openid-configuration", "/jwks"]);
  });

  test("verifyAccessToken keeps one verifier per options object", async () => {
    const api = options();
    const token = await issue(JWT_API);
    assert.ok(await verifyAccessToken(bearer(token), api));
    assert.ok(await verifyAccessToken(bearer(token), api));
    assert.equal(requests.filter((path) => path === "/jwks").length, 1);
  });

  test("the control token minted with the provider's key verifies", async () => {
    assert.ok(await createAccessTokenVerifier(options())(bearer(await mint())));
  });

  for (const [name, make, overrides] of [
    ["another audience", () => mint(), { audience: "https://other-api.example" }],
    ["a token for another audience", () => mint({ aud: "https://other-api.example" }), {}],
    ["a token from another issuer", () => mint({ iss: "https://evil.example" }), {}],
    ["typ JWT (an ID token shape), not at+jwt", () => mint({}, { typ: "JWT" }), {}],
    ["no exp", () => mint({ exp: undefined }), {}],
    ["a sender-constrained (cnf) token sent as bearer", () => mint({ cnf: { jkt: "abc" } }), {}],
  ] as const) {
    test(`${name} → null`, async () => {
      const verify = createAccessTokenVerifier(options(overrides));
      assert.equal(await verify(bearer(await make())), null);
    });
  }

  test("a real token for the other resource server (wrong aud) → null", async () => {
    const verify = createAccessTokenVerifier(options({ audience: "https://other-api.example" }));
    assert.equal(await verify(bearer(await issue(JWT_API))), null);
  });

  test("a verifier for another issuer refuses the provider's real token", async () => {
    const other = await startDevProvider({ clients: [] });
    try {
      const verify = createAccessTokenVerifier(options({ issuer: other.issuer }));
      assert.equal(await verify(bearer(await issue(JWT_API))), null);
    } finally {
      await other.close();
    }
  });

  test("expired (clock injected past exp + tolerance) → null; just before exp → principal", async () => {
    const token = await issue(JWT_API);
    const { exp } = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as {
      exp: number;
    };
    const at = (ms: number) => createAccessTokenVerifier(options({ now: () => ms }));
    assert.ok(await at(exp * 1000 - 1000)(bearer(token)));
    assert.equal(await at(exp * 1000 + 11_000)(bearer(token)), null);
  });

  test("alg: none → null, and the key set is not even fetched", async () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const now = Math.floor(Date.now() / 1000);
    const token = `${part({ alg: "none", typ: "at+jwt" })}.${part({ iss: op.issuer, aud: JWT_API, sub: "x", exp: now + 60 })}.`;
    const verify = createAccessTokenVerifier(options({ jwksUri: `${op.issuer}/jwks` }));
    assert.equal(await verify(bearer(token)), null);
    assert.deepEqual(requests, []);
  });

  test("HS256 signed with a guessed key (the public key's modulus) → null", async () => {
    const { n } = await exportJWK(signingKey);
    const token = await mint({}, { alg: "HS256" }, new TextEncoder().encode(n));
    assert.equal(await createAccessTokenVerifier(options())(bearer(token)), null);
  });

  test("a tampered payload (signature no longer matches) → null", async () => {
    const [header, , signature] = (await issue(JWT_API)).split(".");
    const forged = Buffer.from(
      JSON.stringify({ iss: op.issuer, aud: JWT_API, sub: "admin", exp: 9e9 }),
    ).toString("base64url");
    assert.equal(
      await createAccessTokenVerifier(options())(bearer(`${header}.${forged}.${signature}`)),
      null,
    );
  });

  test("signed by a key the provider never published (unknown kid) → null", async () => {
    const { privateKey } = await generateKeyPair("RS256");
    const token = await mint({}, { kid: "attacker" }, privateKey);
    assert.equal(await createAccessTokenVerifier(options())(bearer(token)), null);
  });

  test("malformed or missing Authorization headers → null without asking the issuer", async () => {
    const verify = createAccessTokenVerifier(options());
    const token = await issue(JWT_API);
    for (const authorization of [
      "",
      token,
      `Basic ${token}`,
      `Bearer`,
      `Bearer ${token} extra`,
      `Bearer ${token}, Bearer ${token}`,
      `Bearer <script>`,
      `Bearer ${"a".repeat(20_000)}`,
    ]) {
      const request = new Request("https://api.example/", { headers: { authorization } });
      assert.equal(await verify(request), null, authorization.slice(0, 40));
    }
    assert.equal(await verify(new Request("https://api.example/")), null);
    assert.deepEqual(requests, []);
    // RFC 6750: the scheme is case-insensitive.
    const lower = new Request("https://api.example/", { headers: { authorization: `bearer ${token}` } });
    assert.ok(await verify(lower));
  });

  test("misuse throws a TypeError at creation, naming the option", () => {
    const bad: [Partial<AccessTokenVerifierOptions>, RegExp][] = [
      [{ issuer: "" }, /issuer/],
      [{ issuer: "http://id.example.com" }, /issuer/],
      [{ audience: [] }, /audience/],
      [{ algorithms: ["RS256", "HS256"] }, /HS256/],
      [{ algorithms: ["none"] }, /none/],
      [{ introspection: { clientId: "api", clientSecret: "" } }, /clientSecret/],
      [{ introspectionCacheSeconds: -1 }, /introspectionCacheSeconds/],
      [{ jwksUri: "ftp://x" }, /jwksUri/],
    ];
    for (const [change, message] of bad) {
      assert.throws(
        () => createAccessTokenVerifier({ ...options(), ...change }),
        (error: unknown) => {
          return error instanceof TypeError && message.test(error.message);
        },
      );
    }
  });

  describe("opaque tokens through introspection", () => {
    const opaque = (overrides: Partial<AccessTokenVerifierOptions> = {}) =>
      options({ audience: OPAQUE_API, introspection: API_CLIENT, ...overrides });
    const introspections = () => requests.filter((path) => path === "/token/introspection").length;

    test("active → principal from the introspection answer", async () => {
      const verify = createAccessTokenVerifier(opaque());
      const principal = await verify(bearer(await issue(OPAQUE_API)));
      assert.ok(principal);
      assert.equal(principal.source, "introspection");
      assert.equal(principal.clientId, "machine");
      assert.deepEqual(principal.scopes, ["api:read"]);
      assert.deepEqual(principal.audience, [OPAQUE_API]);
    });

    test("without `introspection` an opaque token is simply null", async () => {
      const verify = createAccessTokenVerifier(options({ audience: OPAQUE_API }));
      assert.equal(await verify(bearer(await issue(OPAQUE_API))), null);
      assert.deepEqual(requests, []);
    });

    test("an unknown token (inactive) → null", async () => {
      const verify = createAccessTokenVerifier(opaque());
      assert.equal(await verify(bearer("not-a-token-the-provider-issued")), null);
      assert.equal(introspections(), 1);
    });

    test("a token for another resource server (aud) → null", async () => {
      const verify = createAccessTokenVerifier(opaque({ audience: "https://other-api.example" }));
      assert.equal(await verify(bearer(await issue(OPAQUE_API))), null);
    });

    test("wrong introspection credentials → null, reported through onError without the token", async () => {
      const errors: unknown[] = [];
      const token = await issue(OPAQUE_API);
      const verify = createAccessTokenVerifier(
        opaque({ introspection: { ...API_CLIENT, clientSecret: "wrong" }, onError: (e) => errors.push(e) }),
      );
      assert.equal(await verify(bearer(token)), null);
      assert.equal(errors.length, 1);
      assert.equal(JSON.stringify(errors).includes(token), false);
    });

    test("cache: one introspection for repeated and concurrent requests with one token", async () => {
      const verify = createAccessTokenVerifier(opaque());
      const token = await issue(OPAQUE_API);
      const answers = await Promise.all([
        verify(bearer(token)),
        verify(bearer(token)),
        verify(bearer(token)),
      ]);
      assert.ok(answers.every((principal) => principal !== null));
      assert.ok(await verify(bearer(token)));
      assert.equal(introspections(), 1);
      assert.ok(await verify(bearer(await issue(OPAQUE_API))), "another token is asked about");
      assert.equal(introspections(), 2);
    });

    test("a revoked token is accepted from the cache, then null once the cache expires", async () => {
      let now = Date.now();
      const verify = createAccessTokenVerifier(opaque({ now: () => now, introspectionCacheSeconds: 30 }));
      const token = await issue(OPAQUE_API);
      assert.ok(await verify(bearer(token)));
      const revoked = await fetch(`${op.issuer}/token/revocation`, {
        method: "POST",
        headers: { authorization: basic(MACHINE.id, MACHINE.secret) },
        body: new URLSearchParams({ token }),
      });
      assert.equal(revoked.status, 200);
      now += 29_000;
      assert.ok(await verify(bearer(token)), "still cached");
      assert.equal(introspections(), 1);
      now += 2_000;
      assert.equal(await verify(bearer(token)), null);
      assert.equal(introspections(), 2);
    });

    test("the cache never outlives the token: expired per exp → asked again, then null", async () => {
      const token = await issue(OPAQUE_API);
      let now = Date.now();
      const verify = createAccessTokenVerifier(opaque({ now: () => now, introspectionCacheSeconds: 3600 }));
      const principal = await verify(bearer(token));
      assert.ok(principal?.expiresAt);
      now = principal.expiresAt * 1000 + 1000;
      assert.equal(await verify(bearer(token)), null);
      assert.equal(introspections(), 2);
    });
  });
});
