import type { OAuthProviderConfig, UserinfoRequestContext } from "../types.ts";
import { idOf, obj, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * GitHub (OAuth 2, not OpenID Connect). The profile is `GET /user`; its `email` is null unless the person
 * made one public, so then `GET /user/emails` supplies the primary *verified* address (an unverified one
 * could belong to someone else). Env: `AUTH_GITHUB_ID`, `AUTH_GITHUB_SECRET`.
 *
 * @example providers: [GitHub()]
 */
export function GitHub(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      authorization: {
        url: "https://github.com/login/oauth/authorize",
        params: { scope: "read:user user:email" },
      },
      token: { url: "https://github.com/login/oauth/access_token" },
      userinfo: { url: "https://api.github.com/user", request: githubProfile },
      profile: (p) => ({
        id: idOf(p.id),
        name: str(p.name) ?? str(p.login),
        email: str(p.email),
        image: str(p.avatar_url),
      }),
      style: { bg: "#24292f", text: "#ffffff" },
    },
    options,
  );
}

async function githubProfile({ fetchJson }: UserinfoRequestContext): Promise<Record<string, unknown>> {
  const user = obj(await fetchJson("https://api.github.com/user"));
  if (str(user.email) === null) {
    const emails = await fetchJson("https://api.github.com/user/emails");
    const list = Array.isArray(emails) ? emails.map(obj) : [];
    user.email = str(list.find((e) => e.primary === true && e.verified === true)?.email);
  }
  return user;
}
