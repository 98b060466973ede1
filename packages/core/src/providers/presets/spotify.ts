import type { OAuthProviderConfig } from "../types.ts";
import { obj, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Spotify (OAuth 2). The profile is `GET /v1/me`; the image is the first of `images`.
 * Env: `AUTH_SPOTIFY_ID`, `AUTH_SPOTIFY_SECRET`.
 *
 * @example providers: [Spotify()]
 */
export function Spotify(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
      token: { url: "https://accounts.spotify.com/api/token" },
      userinfo: { url: "https://api.spotify.com/v1/me" },
      profile: (p) => ({
        id: str(p.id) ?? "",
        name: str(p.display_name) ?? str(p.id),
        email: str(p.email),
        image: Array.isArray(p.images) ? str(obj(p.images[0]).url) : null,
      }),
      style: { bg: "#1db954", text: "#000000" },
    },
    options,
  );
}
