import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset } from "./lib/preset.ts";

/**
 * Sign In with LinkedIn using OpenID Connect. Quirks: the issuer is `https://www.linkedin.com/oauth`
 * (discovery under `/oauth/.well-known/…`), the token endpoint wants `client_secret_post`, and the ID
 * token carries no `nonce` — so this preset checks state and PKCE, not a nonce.
 * Env: `AUTH_LINKEDIN_ID`, `AUTH_LINKEDIN_SECRET`.
 *
 * @example providers: [LinkedIn()]
 */
export function LinkedIn(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "linkedin",
      name: "LinkedIn",
      type: "oidc",
      issuer: "https://www.linkedin.com/oauth",
      clientAuthMethod: "client_secret_post",
      checks: ["pkce", "state"],
      style: { bg: "#0a66c2", text: "#ffffff" },
    },
    options,
  );
}
