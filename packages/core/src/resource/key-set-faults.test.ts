import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, afterEach, before, beforeEach, describe, mock, test } from "node:test";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import type { AccessTokenVerifierOptions } from "./verifier-options.ts";
import { createAccessTokenVerifier } from "./verify-access-token.ts";

// A key-set endpoint that misbehaves on demand (a real provider cannot be told to go down or publish
// junk), in front of a verifier configured with an explicit jwksUri.

const ISSUER = "https://issuer.example";
const AUDIENCE = "https://api.example";

interface KeyPair {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function keyPair(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair("ES256");
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
}

describe("verifyAccessToken when the key set misbehaves", () => {
  let server: Server;
  let jwksUri: string;
  let k1: KeyPair;
  let k2: KeyPair;
  /** What /jwks answers: a key set, or `down` (503) or `hang` (never). */
  let answer: { keys: unknown[] } | "down" | "hang";
  let fetches: number;

  before(async () => {
    [k1, k2] = await Promise.all([keyPair("k1"), keyPair("k2")]);
    server = createServer((_req, res) => {
      fetches++;
      if (answer === "hang") return;
      if (answer === "down") return res.writeHead(503).end("down");
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    jwksUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });
  beforeEach(() => {
    answer = { keys: [k1.jwk] };
    fetches = 0;
  });
  afterEach(() => mock.timers.reset());

  const options = (overrides: Partial<AccessTokenVerifierOptions> = {}): AccessTokenVerifierOptions => ({
    issuer: ISSUER,
    audience: AUDIENCE,
    jwksUri,
    ...overrides,
  });

  async function request(key: KeyPair): Promise<Request> {
    const token = await new SignJWT({ sub: "ada", client_id: "app", scope: "api:read" })
      .setProtectedHeader({ alg: "ES256", typ: "at+jwt", kid: key.kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(key.privateKey);
    return new Request(`${AUDIENCE}/things`, { headers: { authorization: `Bearer ${token}` } });
  }

  test("endpoint down with a warm cache: still verifies, without refetching", async () => {
    const verify = createAccessTokenVerifier(options());
    assert.ok(await verify(await request(k1)));
    answer = "down";
    assert.ok(await verify(await request(k1)));
    assert.equal(fetches, 1);
  });

  test("endpoint down with a cold cache: null, and onError says why", async () => {
    answer = "down";
    const errors: unknown[] = [];
    const verify = createAccessTokenVerifier(options({ onError: (error) => errors.push(error) }));
    assert.equal(await verify(await request(k1)), null);
    assert.match(JSON.stringify(errors), /Expected 200 OK from the JSON Web Key Set HTTP response/);
  });

  test("endpoint hanging with a cold cache: null once timeoutMs passes, not a hung request", async () => {
    answer = "hang";
    const errors: unknown[] = [];
    const verify = createAccessTokenVerifier(options({ timeoutMs: 200, onError: (e) => errors.push(e) }));
    assert.equal(await verify(await request(k1)), null);
    assert.match(JSON.stringify(errors), /ERR_JWKS_TIMEOUT/);
  });

  test("unusable entries (enc key, unknown kty, malformed) do not stop the good key", async () => {
    const encryption = { ...k2.jwk, kid: "k1", use: "enc", alg: "ECDH-ES" };
    answer = { keys: [encryption, { kty: "XYZ", kid: "k1" }, { kid: "k1" }, "junk", null, 7, [], k1.jwk] };
    const verify = createAccessTokenVerifier(options());
    assert.ok(await verify(await request(k1)));
  });

  test("a key set that is not a key set → null, not a crash", async () => {
    answer = { keys: "nope" } as unknown as { keys: unknown[] };
    assert.equal(await createAccessTokenVerifier(options())(await request(k1)), null);
  });

  test("rotated keys: a new kid after the cooldown is fetched and verifies; the old key is gone", async () => {
    mock.timers.enable({ apis: ["Date"], now: Date.now() });
    const verify = createAccessTokenVerifier(options());
    assert.ok(await verify(await request(k1)));
    answer = { keys: [k2.jwk] };
    mock.timers.tick(31_000);
    assert.ok(await verify(await request(k2)));
    assert.equal(fetches, 2);
    assert.equal(await verify(await request(k1)), null, "k1 left the set");
  });

  test("cooldown: unknown kids within 30 s of a fetch do not refetch; after it, one refetch", async () => {
    mock.timers.enable({ apis: ["Date"], now: Date.now() });
    const verify = createAccessTokenVerifier(options());
    assert.ok(await verify(await request(k1)));
    answer = { keys: [k1.jwk, k2.jwk] };
    for (let i = 0; i < 5; i++) {
      mock.timers.tick(5_000);
      assert.equal(await verify(await request(k2)), null);
    }
    assert.equal(fetches, 1);
    mock.timers.tick(6_000);
    assert.ok(await verify(await request(k2)));
    assert.equal(fetches, 2);
  });

  test("the cache expires after 10 minutes: keys are refetched even for a known kid", async () => {
    mock.timers.enable({ apis: ["Date"], now: Date.now() });
    const verify = createAccessTokenVerifier(options({ now: () => Date.now() }));
    assert.ok(await verify(await request(k1)));
    mock.timers.tick(9 * 60_000);
    assert.ok(await verify(await request(k1)));
    assert.equal(fetches, 1);
    mock.timers.tick(2 * 60_000);
    assert.ok(await verify(await request(k1)));
    assert.equal(fetches, 2);
  });
});
