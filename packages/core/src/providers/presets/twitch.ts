import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, str } from "./lib/preset.ts";

/** Twitch puts these in the ID token only when asked for through the `claims` parameter. */
const CLAIMS = JSON.stringify({
  id_token: { email: null, email_verified: null, picture: null, preferred_username: null },
  userinfo: { email: null, email_verified: null, picture: null, preferred_username: null },
});

/**
 * Twitch (OpenID Connect, issuer `https://id.twitch.tv/oauth2`). Quirks: the email, picture and username
 * must be requested with the `claims` parameter; the token endpoint wants `client_secret_post`; and its
 * `scope` comes back as a JSON array, joined here into the standard space-separated string.
 * Env: `AUTH_TWITCH_ID`, `AUTH_TWITCH_SECRET`.
 *
 * @example providers: [Twitch()]
 */
export function Twitch(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      authorization: { params: { scope: "openid user:read:email", claims: CLAIMS } },
      token: {
        conform: (body) =>
          Array.isArray(body.scope)
            ? { ...body, scope: body.scope.filter((s) => typeof s === "string").join(" ") }
            : body,
      },
      clientAuthMethod: "client_secret_post",
      profile: (p) => ({
        id: str(p.sub) ?? "",
        name: str(p.preferred_username),
        email: str(p.email),
        image: str(p.picture),
      }),
      style: { bg: "#9146ff", text: "#ffffff" },
    },
    options,
  );
}
