import type { JWK } from "jose";
import { ConfigError } from "../errors/config-error.ts";
import { defaultAlgorithm } from "../oauth/lib/client-key.ts";
import type { ClientPrivateKey, OAuthProviderConfig } from "../providers/types.ts";

const AUTH_METHODS = new Set(["client_secret_basic", "client_secret_post", "private_key_jwt", "none"]);
const RESPONSE_MODES = new Set(["query", "form_post"]);
const ASYMMETRIC_KTY = new Set(["RSA", "EC", "OKP"]);

/**
 * Startup checks for an OAuth provider's client authentication and authorization-request options
 * (`clientAuthMethod`, `clientPrivateKey`, `requestObject`, `pushedAuthorizationRequests`,
 * `responseMode`). Throws a `TypeError` that says how to fix the config.
 */
export function checkClientOptions(provider: OAuthProviderConfig): void {
  const where = `Gatehouse: provider "${provider.id}"`;
  const method = provider.clientAuthMethod;
  if (method !== undefined && !AUTH_METHODS.has(method)) {
    throw new ConfigError(
      `${where}: clientAuthMethod must be one of ${[...AUTH_METHODS].join(", ")} (got ${JSON.stringify(method)}).`,
    );
  }
  if ((method === "client_secret_basic" || method === "client_secret_post") && !provider.clientSecret) {
    throw new ConfigError(`${where}: clientAuthMethod "${method}" needs a clientSecret.`);
  }
  if (method === "private_key_jwt" && provider.clientPrivateKey === undefined) {
    throw new ConfigError(
      `${where}: clientAuthMethod "private_key_jwt" needs clientPrivateKey: { key: <private JWK or CryptoKey> }, whose public half is registered with the provider.`,
    );
  }
  if (provider.requestObject === true && provider.clientPrivateKey === undefined) {
    throw new ConfigError(
      `${where}: requestObject needs clientPrivateKey: { key: <private JWK or CryptoKey> } to sign request objects with.`,
    );
  }
  if (provider.clientPrivateKey !== undefined) checkPrivateKey(where, provider.clientPrivateKey);
  for (const flag of ["requestObject", "pushedAuthorizationRequests"] as const) {
    const value = provider[flag];
    if (value !== undefined && typeof value !== "boolean") {
      throw new ConfigError(`${where}: ${flag} must be true or false.`);
    }
  }
  if (provider.responseMode !== undefined && !RESPONSE_MODES.has(provider.responseMode)) {
    throw new ConfigError(`${where}: responseMode must be "query" or "form_post".`);
  }
}

function checkPrivateKey(where: string, configured: ClientPrivateKey): void {
  const key: unknown = configured?.key;
  const hint =
    "Use an asymmetric private key: a JWK with kty RSA, EC or OKP and its private part `d`, or a private CryptoKey that can sign.";
  if (key instanceof CryptoKey) {
    if (key.type !== "private" || !key.usages.includes("sign")) {
      throw new ConfigError(`${where}: clientPrivateKey.key is not a private signing CryptoKey. ${hint}`);
    }
    return;
  }
  if (typeof key !== "object" || key === null) {
    throw new ConfigError(`${where}: clientPrivateKey.key is missing. ${hint}`);
  }
  const jwk = key as { kty?: unknown; d?: unknown; alg?: unknown };
  if (typeof jwk.kty !== "string" || !ASYMMETRIC_KTY.has(jwk.kty)) {
    throw new ConfigError(
      `${where}: clientPrivateKey.key has kty ${JSON.stringify(jwk.kty)}, which is not asymmetric. ${hint}`,
    );
  }
  if (typeof jwk.d !== "string") {
    throw new ConfigError(
      `${where}: clientPrivateKey.key is a public key (no "d"). Configure the private key; register the public one with the provider.`,
    );
  }
  const alg = configured.alg ?? jwk.alg ?? defaultAlgorithm(key as JWK);
  if (alg === undefined) {
    throw new ConfigError(
      `${where}: no signature algorithm for this clientPrivateKey; set clientPrivateKey.alg.`,
    );
  }
  if (typeof alg !== "string" || alg.startsWith("HS") || alg === "none") {
    throw new ConfigError(
      `${where}: clientPrivateKey alg ${JSON.stringify(alg)} is not an asymmetric signature algorithm.`,
    );
  }
}
