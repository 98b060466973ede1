import type { OAuthProviderConfig } from "../types.ts";
import { type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Sign in with Slack (OpenID Connect, issuer `https://slack.com`). Slack's claims are namespaced
 * (`https://slack.com/team_id`…); the image is the 512 px `https://slack.com/user_image_512`, else
 * `picture`. Env: `AUTH_SLACK_ID`, `AUTH_SLACK_SECRET`.
 *
 * @example providers: [Slack()]
 */
export function Slack(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "slack",
      name: "Slack",
      type: "oidc",
      issuer: "https://slack.com",
      profile: (p) => ({
        id: str(p.sub) ?? "",
        name: str(p.name),
        email: str(p.email),
        image: str(p["https://slack.com/user_image_512"]) ?? str(p.picture),
      }),
      style: { bg: "#4a154b", text: "#ffffff" },
    },
    options,
  );
}
