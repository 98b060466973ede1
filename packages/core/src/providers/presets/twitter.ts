import type { OAuthProviderConfig } from "../types.ts";
import { obj, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * X (formerly Twitter), OAuth 2 with PKCE. The profile (`/2/users/me`) is wrapped in `data`. X shares no
 * email by default: the email is `data.confirmed_email` when the app asks for it (override `userinfo.url`
 * and the scope), else null.
 * Env: `AUTH_TWITTER_ID`, `AUTH_TWITTER_SECRET`.
 *
 * @example providers: [Twitter()]
 */
export function Twitter(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "twitter",
      name: "X",
      type: "oauth",
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access" },
      },
      token: { url: "https://api.x.com/2/oauth2/token" },
      userinfo: { url: "https://api.x.com/2/users/me?user.fields=profile_image_url" },
      profile: (p) => {
        const data = obj(p.data);
        return {
          id: str(data.id) ?? "",
          name: str(data.name) ?? str(data.username),
          email: str(data.confirmed_email),
          image: str(data.profile_image_url),
        };
      },
      style: { bg: "#000000", text: "#ffffff" },
    },
    options,
  );
}
