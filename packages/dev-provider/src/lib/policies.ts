import { type Client, errors, type KoaContextWithOIDC, type PolicyToken } from "oidc-provider";

// These repeat oidc-provider 9's default rules. Declaring them ourselves keeps the behaviour and
// stops the "default ... function called, you SHOULD change it" notices it prints on first use.

/** Introspection: a public client may only introspect its own tokens. */
export function introspectionAllowed(_ctx: KoaContextWithOIDC, client: Client, token: PolicyToken): boolean {
  return client.clientAuthMethod !== "none" || token.clientId === client.clientId;
}

/**
 * Revocation: a client may only revoke its own tokens. A public client gets the silent success
 * RFC 7009 allows; a confidential one is told why.
 */
export function revocationAllowed(_ctx: KoaContextWithOIDC, client: Client, token: PolicyToken): boolean {
  if (token.clientId === client.clientId) return true;
  if (client.clientAuthMethod === "none") return false;
  throw new errors.InvalidRequest("client is not authorized to revoke the presented token");
}

/**
 * CORS: browsers may call userinfo (any client) and the other client endpoints (public clients
 * only) from an origin of one of the client's redirect URIs.
 */
export function clientBasedCors(ctx: KoaContextWithOIDC, origin: string, client: Client): boolean {
  if (origin === "null") return false;
  if (ctx.oidc.route !== "userinfo" && client.clientAuthMethod !== "none") return false;
  return client.redirectUris.some((uri) => URL.parse(uri)?.origin === origin);
}
