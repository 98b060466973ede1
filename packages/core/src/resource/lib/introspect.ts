import * as oauth from "oauth4webapi";
import { requestOptions } from "../../oauth/lib/http.ts";
import type { OAuthRuntime } from "../../oauth/runtime.ts";
import { audienceList, type Principal, scopeList } from "../principal.ts";
import type { IntrospectionOptions } from "../verifier-options.ts";

/**
 * Asks the issuer's introspection endpoint (RFC 7662) about an opaque token. Null unless it is active,
 * from our issuer, for our audience, a bearer access token and not expired. Network and protocol
 * failures throw; the caller reports them and answers null without caching.
 */
export async function introspect(
  token: string,
  input: {
    as: oauth.AuthorizationServer;
    client: IntrospectionOptions;
    audience: string[];
    runtime: OAuthRuntime;
  },
): Promise<Principal | null> {
  const { as, runtime } = input;
  const client: oauth.Client = {
    client_id: input.client.clientId,
    [oauth.clockSkew]: Math.round((runtime.now() - Date.now()) / 1000),
  };
  const response = await oauth.introspectionRequest(
    as,
    client,
    oauth.ClientSecretBasic(input.client.clientSecret),
    token,
    {
      ...requestOptions(runtime, String(as.introspection_endpoint)),
      additionalParameters: { token_type_hint: "access_token" },
    },
  );
  const answer = await oauth.processIntrospectionResponse(as, client, response);
  if (!answer.active) return null;
  // `iss` is optional in RFC 7662; when present it must be ours.
  if (answer.iss !== undefined && answer.iss !== as.issuer) return null;
  // `aud` is required here although RFC 7662 makes it optional: without it nothing says the token was
  // meant for this API, and issuers answer active for refresh tokens too, which carry no audience.
  const audience = audienceList(answer.aud);
  if (!audience.some((entry) => input.audience.includes(entry))) return null;
  if (answer.token_type !== undefined && answer.token_type.toLowerCase() !== "bearer") return null;
  if (answer.cnf !== undefined) return null; // sender-constrained, see verifyJwtAccessToken
  const nowS = runtime.now() / 1000;
  if (typeof answer.exp === "number" && answer.exp <= nowS) return null;
  if (typeof answer.nbf === "number" && answer.nbf > nowS) return null;
  return {
    subject: typeof answer.sub === "string" ? answer.sub : null,
    clientId: typeof answer.client_id === "string" ? answer.client_id : null,
    scopes: scopeList(answer.scope),
    audience,
    issuer: as.issuer,
    expiresAt: typeof answer.exp === "number" ? answer.exp : null,
    claims: { ...answer },
    source: "introspection",
  };
}
