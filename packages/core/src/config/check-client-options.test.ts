import assert from "node:assert/strict";
import { before, test } from "node:test";
import { exportJWK, generateKeyPair, type JWK } from "jose";
import { gatehouse } from "../gatehouse.ts";
import { OIDC } from "../providers/oidc.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";
let privateJwk: JWK;
let publicJwk: JWK;
let privateKey: CryptoKey;
let publicKey: CryptoKey;

before(async () => {
  const pair = await generateKeyPair("RS256", { extractable: true });
  privateKey = pair.privateKey;
  publicKey = pair.publicKey;
  privateJwk = await exportJWK(pair.privateKey);
  publicJwk = await exportJWK(pair.publicKey);
});

function configure(options: Partial<OAuthProviderConfig>) {
  return () =>
    gatehouse({
      secret: SECRET,
      providers: [OIDC({ id: "op", name: "OP", issuer: "https://op.example", clientId: "c", ...options })],
    });
}

test("valid client options are accepted", () => {
  configure({ clientSecret: "s", clientAuthMethod: "client_secret_post", responseMode: "form_post" })();
  configure({ clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: privateJwk } })();
  configure({ clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: privateKey } })();
  configure({
    clientSecret: "s",
    requestObject: true,
    clientPrivateKey: { key: privateJwk, alg: "PS256" },
  })();
  configure({ clientAuthMethod: "none", pushedAuthorizationRequests: false })();
});

for (const [name, options, message] of [
  [
    "private_key_jwt without a key",
    { clientAuthMethod: "private_key_jwt" },
    /private_key_jwt" needs clientPrivateKey/,
  ],
  ["client_secret_post without a secret", { clientAuthMethod: "client_secret_post" }, /needs a clientSecret/],
  ["an unknown auth method", { clientAuthMethod: "tls_client_auth" }, /clientAuthMethod must be one of/],
  [
    "requestObject without a key",
    { clientSecret: "s", requestObject: true },
    /requestObject needs clientPrivateKey/,
  ],
  [
    "a symmetric key",
    { clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: { kty: "oct", k: "c2VjcmV0" } } },
    /not asymmetric/,
  ],
  [
    "an HMAC algorithm",
    { clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: "PRIVATE", alg: "HS256" } },
    /alg "HS256" is not an asymmetric signature algorithm/,
  ],
  ["an unknown response mode", { responseMode: "fragment" }, /responseMode must be "query" or "form_post"/],
  [
    "a non-boolean PAR flag",
    { pushedAuthorizationRequests: "yes" },
    /pushedAuthorizationRequests must be true or false/,
  ],
] as const) {
  test(`startup TypeError: ${name}`, () => {
    const resolved = resolveKeys(options as unknown as Partial<OAuthProviderConfig>);
    assert.throws(configure(resolved), { name: "TypeError", message });
  });
}

test("startup TypeError: a public JWK or a public CryptoKey as the private key", () => {
  assert.throws(configure({ clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: publicJwk } }), {
    name: "TypeError",
    message: /is a public key \(no "d"\)/,
  });
  assert.throws(configure({ clientAuthMethod: "private_key_jwt", clientPrivateKey: { key: publicKey } }), {
    name: "TypeError",
    message: /not a private signing CryptoKey/,
  });
});

/** "PRIVATE" stands for the generated private JWK (created in `before`, after the table is built). */
function resolveKeys(options: Partial<OAuthProviderConfig>): Partial<OAuthProviderConfig> {
  const key = options.clientPrivateKey;
  if (key && (key.key as unknown) === "PRIVATE")
    return { ...options, clientPrivateKey: { ...key, key: privateJwk } };
  return options;
}
