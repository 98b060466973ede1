import type { OAuthProviderConfig, UserinfoRequestContext } from "../types.ts";
import { obj, type PresetOptions, preset, str } from "./lib/preset.ts";

const API = "https://api.bitbucket.org/2.0";

/**
 * Bitbucket Cloud (OAuth 2). `GET /2.0/user` has no email: a second call to `/2.0/user/emails` picks the
 * primary confirmed address. The id is the account's `uuid`. Env: `AUTH_BITBUCKET_ID`, `AUTH_BITBUCKET_SECRET`.
 *
 * @example providers: [Bitbucket()]
 */
export function Bitbucket(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: {
        url: "https://bitbucket.org/site/oauth2/authorize",
        params: { scope: "account email" },
      },
      token: { url: "https://bitbucket.org/site/oauth2/access_token" },
      userinfo: { url: `${API}/user`, request: bitbucketProfile },
      profile: (p) => ({
        id: str(p.uuid) ?? "",
        name: str(p.display_name) ?? str(p.username),
        email: str(p.email),
        image: str(obj(obj(p.links).avatar).href),
      }),
      style: { bg: "#0052cc", text: "#ffffff" },
    },
    options,
  );
}

async function bitbucketProfile({ fetchJson }: UserinfoRequestContext): Promise<Record<string, unknown>> {
  const user = obj(await fetchJson(`${API}/user`));
  const emails = obj(await fetchJson(`${API}/user/emails`)).values;
  const list = Array.isArray(emails) ? emails.map(obj) : [];
  user.email = str(list.find((e) => e.is_primary === true && e.is_confirmed === true)?.email);
  return user;
}
