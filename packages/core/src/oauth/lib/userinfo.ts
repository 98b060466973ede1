import * as oauth from "oauth4webapi";
import type { OAuthRuntime } from "../runtime.ts";
import { requestOptions } from "./http.ts";

/**
 * The provider profile. OIDC: the ID-token claims, merged with userinfo when the provider has a userinfo
 * endpoint — oauth4webapi rejects a userinfo `sub` that differs from the ID token's (OIDC Core §5.3.2),
 * which stops a token substitution from swapping in someone else's profile. OAuth 2: the userinfo body.
 */
export async function fetchProfile(input: {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  tokens: oauth.TokenEndpointResponse;
  claims: oauth.IDToken | undefined;
  runtime: OAuthRuntime;
}): Promise<Record<string, unknown>> {
  const { as, client, tokens, claims, runtime } = input;
  const endpoint = as.userinfo_endpoint;
  if (claims !== undefined) {
    if (typeof endpoint !== "string") return { ...claims };
    const options = requestOptions(runtime, endpoint);
    const response = await oauth.userInfoRequest(as, client, tokens.access_token, options);
    const userinfo = await oauth.processUserInfoResponse(as, client, claims.sub, response);
    return { ...claims, ...userinfo };
  }
  if (typeof endpoint !== "string") {
    throw new Error("no ID token and no userinfo endpoint to read a profile from");
  }
  // Plain OAuth 2 "userinfo" APIs (GitHub's /user…) carry no `sub`, so processUserInfoResponse does not
  // apply; oauth4webapi still builds the authenticated request.
  const url = new URL(endpoint);
  const headers = new Headers({ accept: "application/json" });
  const options = requestOptions(runtime, endpoint);
  const response = await oauth.protectedResourceRequest(
    tokens.access_token,
    "GET",
    url,
    headers,
    null,
    options,
  );
  if (response.status !== 200) throw new Error(`userinfo endpoint answered HTTP ${response.status}`);
  // JSON.parse errors quote the body; replace them so no response content reaches a log.
  const body: unknown = await response.json().catch(() => {
    throw new Error("userinfo endpoint did not answer JSON");
  });
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error("userinfo endpoint did not answer a JSON object");
  }
  return body as Record<string, unknown>;
}
