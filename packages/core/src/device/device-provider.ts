import { AuthError } from "../errors/auth-error.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { OAuthProviderConfig } from "../providers/types.ts";

/** The configured provider for a device endpoint: OAuth or OIDC, or a request error. */
export function deviceProvider(ctx: RequestContext, providerId: string): OAuthProviderConfig {
  const provider = ctx.config.providers.get(providerId);
  if (!provider) throw new AuthError("UnknownProvider");
  if (provider.type !== "oidc" && provider.type !== "oauth") {
    throw new AuthError("DeviceFlowUnsupported", { cause: `provider "${providerId}" is ${provider.type}` });
  }
  return provider;
}
