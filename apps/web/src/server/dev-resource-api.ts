import { randomBytes } from "node:crypto";
import type { DevProviderClient } from "@gatehouse/dev-provider";

/** The development provider's side of the bearer API at `/api/resource`. */
export interface DevResourceApi {
  /** The API's resource indicator, and so the `aud` of its access tokens: `<origin>/api/resource`. */
  audience: string;
  /** A client allowed the client-credentials grant, to get a token with `curl` (its secret is new per start). */
  client: { clientId: string; clientSecret: string };
  /** Registered with the dev provider. */
  providerClient: DevProviderClient;
  /** oidc-provider features: client credentials, and JWT access tokens for `audience` (RFC 8707, RFC 9068). */
  features: Record<string, unknown>;
}

export const DEV_API_CLIENT_ID = "gatehouse-api-client";
const SCOPES = "api:read api:write";

/**
 * Development only: lets the bundled provider issue access tokens for the web app's bearer API, so it
 * can be tried offline: `resource=<audience>` gives a JWT, introspection covers opaque tokens.
 *
 * @example const api = devResourceApi("http://localhost:3000/api/auth");
 */
export function devResourceApi(authUrl: string): DevResourceApi {
  const audience = `${new URL(authUrl).origin}/api/resource`;
  const clientSecret = randomBytes(24).toString("base64url");
  return {
    audience,
    client: { clientId: DEV_API_CLIENT_ID, clientSecret },
    providerClient: {
      client_id: DEV_API_CLIENT_ID,
      client_secret: clientSecret,
      redirect_uris: [],
      response_types: [],
      grant_types: ["client_credentials"],
    },
    features: {
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // Only this API is a resource here; any other `resource` value keeps oidc-provider's error.
        getResourceServerInfo: (_ctx: unknown, resource: string) => {
          if (resource !== audience) throw new TypeError(`unknown resource ${resource}`);
          return { scope: SCOPES, audience, accessTokenFormat: "jwt" };
        },
      },
    },
  };
}
