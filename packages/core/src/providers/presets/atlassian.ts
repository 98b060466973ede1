import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Atlassian (OAuth 2.0 "3LO"). The authorization request must name `audience=api.atlassian.com` and
 * `prompt=consent`; the profile is `GET https://api.atlassian.com/me`, keyed by `account_id`.
 * Env: `AUTH_ATLASSIAN_ID`, `AUTH_ATLASSIAN_SECRET`.
 *
 * @example providers: [Atlassian()]
 */
export function Atlassian(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      authorization: {
        url: "https://auth.atlassian.com/authorize",
        params: { audience: "api.atlassian.com", prompt: "consent", scope: "read:me read:account" },
      },
      token: { url: "https://auth.atlassian.com/oauth/token" },
      userinfo: { url: "https://api.atlassian.com/me" },
      clientAuthMethod: "client_secret_post",
      profile: (p) => ({
        id: str(p.account_id) ?? "",
        name: str(p.name) ?? str(p.nickname),
        email: str(p.email),
        image: str(p.picture),
      }),
      style: { bg: "#0052cc", text: "#ffffff" },
    },
    options,
  );
}
