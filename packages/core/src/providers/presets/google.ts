import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset } from "./lib/preset.ts";

/**
 * Google (OpenID Connect, issuer `https://accounts.google.com`); the profile is the standard claims.
 * Env: `AUTH_GOOGLE_ID`, `AUTH_GOOGLE_SECRET`.
 *
 * @example providers: [Google({ authorization: { params: { prompt: "select_account" } } })]
 */
export function Google(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      style: { bg: "#ffffff", text: "#1f1f1f" },
    },
    options,
  );
}
