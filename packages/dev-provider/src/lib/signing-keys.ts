import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

/** A JSON Web Key Set holding private keys, as oidc-provider's `jwks` option expects. */
export interface PrivateJwks {
  keys: JWK[];
}

/**
 * A fresh RS256 signing key for one provider start. Keys never outlive the process, so tokens
 * from an earlier run (or another test) can never verify against this one.
 */
export async function generateSigningJwks(): Promise<PrivateJwks> {
  // `extractable` is needed to export the private half for oidc-provider's keystore.
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  // A stable kid lets clients pick the right key from the JWKS after a rotation.
  const kid = await calculateJwkThumbprint(jwk);
  return { keys: [{ ...jwk, kid, alg: "RS256", use: "sig" }] };
}
