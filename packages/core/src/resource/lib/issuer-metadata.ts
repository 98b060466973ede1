import * as oauth from "oauth4webapi";
import { requestOptions } from "../../oauth/lib/http.ts";
import type { OAuthRuntime } from "../../oauth/runtime.ts";

/** The issuer's discovered metadata, fetched on first need; a failure is not kept, so the next request retries. */
export function issuerMetadata(
  issuer: string,
  runtime: OAuthRuntime,
): () => Promise<oauth.AuthorizationServer> {
  let pending: Promise<oauth.AuthorizationServer> | undefined;
  return () => {
    if (pending !== undefined) return pending;
    const url = new URL(issuer);
    const current = oauth
      .discoveryRequest(url, { ...requestOptions(runtime, issuer), algorithm: "oidc" })
      // Rejects a document whose `issuer` is not the configured one (OIDC Discovery §4.3).
      .then((response) => oauth.processDiscoveryResponse(url, response));
    pending = current;
    current.catch(() => {
      if (pending === current) pending = undefined;
    });
    return current;
  };
}
