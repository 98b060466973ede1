import type { OAuthProviderConfig } from "../types.ts";
import { optionalEnv, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * GitLab (OpenID Connect): gitlab.com, or a self-managed instance through `issuer` /
 * `AUTH_GITLAB_ISSUER`. The name falls back to the `nickname` (the username).
 * Env: `AUTH_GITLAB_ID`, `AUTH_GITLAB_SECRET`, optional `AUTH_GITLAB_ISSUER`.
 *
 * @example providers: [GitLab({ issuer: "https://gitlab.example.com" })]
 */
export function GitLab(options: PresetOptions = {}): OAuthProviderConfig {
  const issuer = (options.issuer ?? optionalEnv(options, "gitlab", "ISSUER") ?? "https://gitlab.com").replace(
    /\/+$/,
    "",
  );
  return preset(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oidc",
      issuer,
      profile: (p) => ({
        id: str(p.sub) ?? "",
        name: str(p.name) ?? str(p.nickname),
        email: str(p.email),
        image: str(p.picture),
      }),
      style: { bg: "#fc6d26", text: "#ffffff" },
    },
    { ...options, issuer },
  );
}
