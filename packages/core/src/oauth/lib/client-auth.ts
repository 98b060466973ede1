import * as oauth from "oauth4webapi";
import type { OAuthProviderConfig } from "../../providers/types.ts";
import { clientSigningKey } from "./client-key.ts";

/**
 * The client authentication a provider config names explicitly (`clientAuthMethod`). The same method
 * is used at the token endpoint and the PAR endpoint (RFC 9126 §2). Startup checks guarantee the
 * secret or key each method needs.
 */
export function configuredClientAuth(
  provider: OAuthProviderConfig & { clientAuthMethod: NonNullable<OAuthProviderConfig["clientAuthMethod"]> },
): oauth.ClientAuth {
  switch (provider.clientAuthMethod) {
    case "client_secret_basic":
      return oauth.ClientSecretBasic(provider.clientSecret ?? "");
    case "client_secret_post":
      return oauth.ClientSecretPost(provider.clientSecret ?? "");
    case "none":
      return oauth.None();
    case "private_key_jwt":
      // A fresh assertion (new jti, iat) per request; only the key import is cached.
      return async (as, client, body, headers) => {
        const key = await clientSigningKey(provider);
        await oauth.PrivateKeyJwt(key)(as, client, body, headers);
      };
  }
}
