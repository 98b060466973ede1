import { importJWK, type JWK } from "jose";
import type * as oauth from "oauth4webapi";
import { AuthError } from "../../errors/auth-error.ts";
import { ConfigError } from "../../errors/config-error.ts";
import type { ClientPrivateKey, OAuthProviderConfig } from "../../providers/types.ts";

/**
 * Imported keys, per configured key object. A memo of a pure function of the (immutable) config, not
 * shared state: the import is async and config resolution is not, so it happens on first use.
 */
const imported = new WeakMap<ClientPrivateKey, Promise<oauth.PrivateKey>>();

/**
 * The provider's private signing key as oauth4webapi takes it (`{key, kid}`), importing a JWK once.
 * The config was checked at startup (`checkClientOptions`), so a missing key here is a bug in the caller.
 */
export function clientSigningKey(provider: OAuthProviderConfig): Promise<oauth.PrivateKey> {
  const configured = provider.clientPrivateKey;
  if (configured === undefined) {
    return Promise.reject(
      new AuthError("Configuration", { cause: `provider "${provider.id}" has no clientPrivateKey` }),
    );
  }
  let pending = imported.get(configured);
  if (pending === undefined) {
    pending = importClientKey(configured);
    imported.set(configured, pending);
  }
  return pending;
}

async function importClientKey(configured: ClientPrivateKey): Promise<oauth.PrivateKey> {
  const { key } = configured;
  if (key instanceof CryptoKey) {
    return configured.kid === undefined ? { key } : { key, kid: configured.kid };
  }
  const alg = configured.alg ?? key.alg ?? defaultAlgorithm(key);
  // Only the private members matter for signing; `use`/`key_ops` on a published JWK must not stop it.
  const { use: _use, key_ops: _ops, ...jwk } = key;
  const cryptoKey = await importJWK(jwk, alg);
  if (!(cryptoKey instanceof CryptoKey)) throw new ConfigError("clientPrivateKey is not an asymmetric key");
  const kid = configured.kid ?? key.kid;
  return kid === undefined ? { key: cryptoKey } : { key: cryptoKey, kid };
}

/** The usual JWS algorithm for a key type (the one providers accept by default). */
export function defaultAlgorithm(jwk: JWK): string | undefined {
  switch (jwk.kty) {
    case "RSA":
      return "RS256";
    case "EC":
      return { "P-256": "ES256", "P-384": "ES384", "P-521": "ES512" }[jwk.crv ?? ""];
    case "OKP":
      return jwk.crv === "Ed25519" ? "Ed25519" : undefined;
    default:
      return undefined;
  }
}
