import * as oauth from "oauth4webapi";
import type { UserinfoRequestContext } from "../../providers/types.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { isAllowedEndpoint, requestOptions } from "./http.ts";

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
  /** The provider's `userinfo.request`: replaces the userinfo GET (GitHub: `/user` and `/user/emails`). */
  request?: ((context: UserinfoRequestContext) => Promise<Record<string, unknown>>) | undefined;
}): Promise<Record<string, unknown>> {
  const { as, client, tokens, claims, runtime } = input;
  if (input.request !== undefined) {
    const fetchJson = (url: string) => getJson(url, tokens.access_token, runtime);
    const body = await input.request({ tokens: { ...tokens }, fetchJson });
    if (typeof body !== "object" || body === null)
      throw new Error("userinfo.request did not return an object");
    // The ID token's subject stays authoritative: a custom request must not swap in another person.
    return claims === undefined ? body : { ...claims, ...body, sub: claims.sub };
  }
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
  const body = await getJson(endpoint, tokens.access_token, runtime);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error("userinfo endpoint did not answer a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * An authenticated GET answering JSON. Plain OAuth 2 "userinfo" APIs (GitHub's /user…) carry no `sub`, so
 * processUserInfoResponse does not apply; oauth4webapi still builds the authenticated request.
 */
async function getJson(endpoint: string, accessToken: string, runtime: OAuthRuntime): Promise<unknown> {
  if (!isAllowedEndpoint(endpoint)) throw new Error("userinfo URL must be https (or loopback http)");
  const url = new URL(endpoint);
  const headers = new Headers({ accept: "application/json" });
  const options = requestOptions(runtime, endpoint);
  const response = await oauth.protectedResourceRequest(accessToken, "GET", url, headers, null, options);
  if (response.status !== 200) throw new Error(`userinfo endpoint answered HTTP ${response.status}`);
  // JSON.parse errors quote the body; replace them so no response content reaches a log.
  return response.json().catch(() => {
    throw new Error("userinfo endpoint did not answer JSON");
  });
}
