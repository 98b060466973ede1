import type { OAuthProviderConfig } from "../types.ts";
import { idOf, obj, type PresetOptions, preset, str } from "./lib/preset.ts";

const GRAPH = "https://graph.facebook.com/v23.0";

/**
 * Facebook Login (OAuth 2, Graph API). The Graph `/me` call names its `fields`; the picture sits at
 * `picture.data.url`. The token endpoint takes the secret in the body (`client_secret_post`).
 * Env: `AUTH_FACEBOOK_ID`, `AUTH_FACEBOOK_SECRET`.
 *
 * @example providers: [Facebook()]
 */
export function Facebook(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: {
        url: "https://www.facebook.com/v23.0/dialog/oauth",
        params: { scope: "email public_profile" },
      },
      token: { url: `${GRAPH}/oauth/access_token` },
      userinfo: { url: `${GRAPH}/me?fields=id,name,email,picture.type(large)` },
      clientAuthMethod: "client_secret_post",
      profile: (p) => ({
        id: idOf(p.id),
        name: str(p.name),
        email: str(p.email),
        image: str(obj(obj(p.picture).data).url),
      }),
      style: { bg: "#1877f2", text: "#ffffff" },
    },
    options,
  );
}
