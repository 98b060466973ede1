import type { OAuthProviderConfig } from "../../src/index.ts";
import {
  Apple,
  Atlassian,
  Auth0,
  Bitbucket,
  Cognito,
  Discord,
  Facebook,
  GitHub,
  GitLab,
  Google,
  Keycloak,
  LinkedIn,
  MicrosoftEntraID,
  Okta,
  type PresetOptions,
  Salesforce,
  Slack,
  Spotify,
  Twitch,
  Twitter,
  Zitadel,
} from "../../src/providers/presets/index.ts";
import type { Grant, ProviderSpec } from "./fake-provider.ts";

/** One preset, the fake of its provider, and the session user a sign-in must end with. */
export interface PresetCase {
  id: string;
  make: (options: PresetOptions) => OAuthProviderConfig;
  /** Extra `AUTH_<ID>_…` variables the preset needs (issuer, tenant). */
  env?: Record<string, string>;
  spec: ProviderSpec;
  user: { name: string | null; email: string | null; image: string | null };
}

const SUB = "248289761001";
/** Standard OIDC claims of the person every fake signs in. */
const person = {
  sub: SUB,
  name: "Ada Lovelace",
  email: "ada@example.com",
  picture: "https://img.example/ada.png",
};
const ADA = { name: "Ada Lovelace", email: "ada@example.com", image: "https://img.example/ada.png" };

/** A plain OIDC provider: claims in the ID token and the same from userinfo. */
function oidc(issuer: string, paths: { authorize: string; token: string; userinfo: string }): ProviderSpec {
  return {
    issuer,
    authorizationEndpoint: paths.authorize,
    tokenEndpoint: paths.token,
    userinfoEndpoint: paths.userinfo,
    clientAuth: "client_secret_basic",
    idToken: () => ({ ...person }),
    resources: { [paths.userinfo]: () => ({ ...person }) },
  };
}

function tenant(issuer: string): ProviderSpec {
  const base = issuer.replace(/\/$/, "");
  return oidc(issuer, {
    authorize: `${base}/authorize`,
    token: `${base}/token`,
    userinfo: `${base}/userinfo`,
  });
}

export const ENTRA_TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";

export const cases: PresetCase[] = [
  {
    id: "github",
    make: GitHub,
    spec: {
      authorizationEndpoint: "https://github.com/login/oauth/authorize",
      tokenEndpoint: "https://github.com/login/oauth/access_token",
      clientAuth: "client_secret_basic",
      // GitHub OAuth app tokens do not expire, and the body says `bearer`.
      tokenResponse: ({ expires_in: _e, ...body }) => ({ ...body, token_type: "bearer" }),
      resources: {
        "https://api.github.com/user": ({ scenario }) => ({
          login: "octocat",
          id: 583231,
          avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
          name: scenario.noName ? null : "The Octocat",
          email: scenario.privateEmail ? null : "octocat@github.com",
        }),
        "https://api.github.com/user/emails": () => [
          { email: "old@example.com", primary: false, verified: true, visibility: null },
          { email: "unverified@example.com", primary: true, verified: false, visibility: null },
          { email: "Octocat@Private.example", primary: true, verified: true, visibility: "private" },
        ],
      },
    },
    user: {
      name: "The Octocat",
      email: "octocat@github.com",
      image: "https://avatars.githubusercontent.com/u/583231?v=4",
    },
  },
  {
    id: "google",
    make: Google,
    spec: {
      ...oidc("https://accounts.google.com", {
        authorize: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
      }),
      issParameter: true,
    },
    user: ADA,
  },
  {
    id: "microsoft-entra-id",
    make: MicrosoftEntraID,
    spec: {
      issuer: "https://login.microsoftonline.com/common/v2.0",
      discovery: { issuer: "https://login.microsoftonline.com/{tenantid}/v2.0" },
      authorizationEndpoint: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
      tokenEndpoint: "https://login.microsoftonline.com/common/oauth2/v2.0/token",
      userinfoEndpoint: "https://graph.microsoft.com/oidc/userinfo",
      clientAuth: "client_secret_basic",
      idToken: ({ scenario }) => ({
        ...person,
        picture: undefined,
        tid: (scenario.tid as string | undefined) ?? ENTRA_TENANT,
        iss: `https://login.microsoftonline.com/${(scenario.issTenant as string | undefined) ?? ENTRA_TENANT}/v2.0`,
        preferred_username: "ada@contoso.example",
      }),
      resources: {
        "https://graph.microsoft.com/oidc/userinfo": () => ({
          sub: SUB,
          name: "Ada Lovelace",
          email: "ada@example.com",
          picture: "https://graph.microsoft.com/v1.0/me/photo/$value",
        }),
      },
    },
    user: { ...ADA, image: null },
  },
  {
    id: "apple",
    make: Apple,
    spec: {
      issuer: "https://appleid.apple.com",
      authorizationEndpoint: "https://appleid.apple.com/auth/authorize",
      tokenEndpoint: "https://appleid.apple.com/auth/token",
      clientAuth: "client_secret_post",
      idToken: () => ({
        sub: "001234.abcdef.1234",
        email: "ada@privaterelay.appleid.com",
        email_verified: true,
      }),
      formPost: ({ scenario }): Record<string, string> =>
        scenario.returning
          ? {}
          : {
              user: JSON.stringify({
                name: { firstName: "Ada", lastName: "Lovelace" },
                email: "x@evil.example",
              }),
            },
    },
    user: { name: "Ada Lovelace", email: "ada@privaterelay.appleid.com", image: null },
  },
  {
    id: "gitlab",
    make: GitLab,
    spec: {
      ...oidc("https://gitlab.com", {
        authorize: "https://gitlab.com/oauth/authorize",
        token: "https://gitlab.com/oauth/token",
        userinfo: "https://gitlab.com/oauth/userinfo",
      }),
      idToken: () => ({ sub: "1234567", nickname: "ada", email: "ada@example.com", picture: ADA.image }),
      resources: {
        "https://gitlab.com/oauth/userinfo": () => ({ sub: "1234567", nickname: "ada", picture: ADA.image }),
      },
    },
    user: { name: "ada", email: "ada@example.com", image: ADA.image },
  },
  {
    id: "discord",
    make: Discord,
    spec: {
      authorizationEndpoint: "https://discord.com/oauth2/authorize",
      tokenEndpoint: "https://discord.com/api/oauth2/token",
      clientAuth: "client_secret_basic",
      resources: {
        "https://discord.com/api/users/@me": () => ({
          id: "80351110224678912",
          username: "nelly",
          discriminator: "0",
          global_name: "Nelly",
          avatar: "a_8342729096ea3675442027381ff50dfe",
          email: "Nelly@Discord.example",
          verified: true,
        }),
      },
    },
    user: {
      name: "Nelly",
      email: "nelly@discord.example",
      image: "https://cdn.discordapp.com/avatars/80351110224678912/a_8342729096ea3675442027381ff50dfe.gif",
    },
  },
  {
    id: "slack",
    make: Slack,
    spec: {
      ...oidc("https://slack.com", {
        authorize: "https://slack.com/openid/connect/authorize",
        token: "https://slack.com/api/openid.connect.token",
        userinfo: "https://slack.com/api/openid.connect.userInfo",
      }),
      tokenResponse: (body) => ({ ok: true, ...body }),
      resources: {
        "https://slack.com/api/openid.connect.userInfo": () => ({
          ok: true,
          ...person,
          "https://slack.com/team_id": "T0R7GR",
          "https://slack.com/user_image_512": "https://secure.gravatar.com/avatar/ada-512.png",
        }),
      },
    },
    user: { ...ADA, image: "https://secure.gravatar.com/avatar/ada-512.png" },
  },
  {
    id: "auth0",
    make: Auth0,
    // Given without the trailing slash that Auth0's issuer has.
    env: { AUTH_AUTH0_ISSUER: "https://example.eu.auth0.com" },
    spec: tenant("https://example.eu.auth0.com/"),
    user: ADA,
  },
  {
    id: "okta",
    make: Okta,
    env: { AUTH_OKTA_ISSUER: "https://example.okta.com/oauth2/default" },
    spec: tenant("https://example.okta.com/oauth2/default"),
    user: ADA,
  },
  {
    id: "keycloak",
    make: Keycloak,
    env: { AUTH_KEYCLOAK_ISSUER: "https://id.example.com/realms/main/" },
    spec: {
      ...tenant("https://id.example.com/realms/main"),
      idToken: () => ({ sub: SUB, preferred_username: "ada", email: "ada@example.com" }),
      resources: {
        "https://id.example.com/realms/main/userinfo": () => ({ sub: SUB, preferred_username: "ada" }),
      },
    },
    user: { name: "ada", email: "ada@example.com", image: null },
  },
  {
    id: "twitch",
    make: Twitch,
    spec: {
      issuer: "https://id.twitch.tv/oauth2",
      authorizationEndpoint: "https://id.twitch.tv/oauth2/authorize",
      tokenEndpoint: "https://id.twitch.tv/oauth2/token",
      userinfoEndpoint: "https://id.twitch.tv/oauth2/userinfo",
      clientAuth: "client_secret_post",
      // Twitch answers `scope` as a JSON array.
      tokenResponse: (body) => ({ ...body, scope: String(body.scope).split(" ") }),
      // The email and picture are in the ID token only because the `claims` parameter asked for them.
      idToken: ({ query }) => ({ sub: "713936733", ...claimsAsked(query, "id_token") }),
      resources: {
        "https://id.twitch.tv/oauth2/userinfo": ({ query }) => ({
          sub: "713936733",
          ...claimsAsked(query, "userinfo"),
        }),
      },
    },
    user: { name: "ada_streams", email: "ada@example.com", image: "https://static-cdn.jtvnw.net/ada.png" },
  },
  {
    id: "linkedin",
    make: LinkedIn,
    spec: {
      ...oidc("https://www.linkedin.com/oauth", {
        authorize: "https://www.linkedin.com/oauth/v2/authorization",
        token: "https://www.linkedin.com/oauth/v2/accessToken",
        userinfo: "https://api.linkedin.com/v2/userinfo",
      }),
      discovery: { url: "https://www.linkedin.com/oauth/.well-known/openid-configuration" },
      clientAuth: "client_secret_post",
      echoNonce: false,
      idToken: () => ({ ...person, given_name: "Ada", family_name: "Lovelace", email_verified: true }),
    },
    user: ADA,
  },
  {
    id: "facebook",
    make: Facebook,
    spec: {
      authorizationEndpoint: "https://www.facebook.com/v23.0/dialog/oauth",
      tokenEndpoint: "https://graph.facebook.com/v23.0/oauth/access_token",
      clientAuth: "client_secret_post",
      resources: {
        "https://graph.facebook.com/v23.0/me": () => ({
          id: "10158412345678901",
          name: "Ada Lovelace",
          email: "ada@example.com",
          picture: {
            data: {
              height: 200,
              width: 200,
              is_silhouette: false,
              url: "https://platform-lookaside.fbsbx.com/ada",
            },
          },
        }),
      },
    },
    user: { ...ADA, image: "https://platform-lookaside.fbsbx.com/ada" },
  },
  {
    id: "twitter",
    make: Twitter,
    spec: {
      authorizationEndpoint: "https://x.com/i/oauth2/authorize",
      tokenEndpoint: "https://api.x.com/2/oauth2/token",
      clientAuth: "client_secret_basic",
      resources: {
        "https://api.x.com/2/users/me": () => ({
          data: {
            id: "2244994945",
            name: "Ada Lovelace",
            username: "ada",
            profile_image_url: "https://pbs.twimg.com/profile_images/ada_normal.jpg",
          },
        }),
      },
    },
    user: { name: "Ada Lovelace", email: null, image: "https://pbs.twimg.com/profile_images/ada_normal.jpg" },
  },
  {
    id: "spotify",
    make: Spotify,
    spec: {
      authorizationEndpoint: "https://accounts.spotify.com/authorize",
      tokenEndpoint: "https://accounts.spotify.com/api/token",
      clientAuth: "client_secret_basic",
      resources: {
        "https://api.spotify.com/v1/me": () => ({
          id: "smedjan",
          display_name: "Ada Lovelace",
          email: "ada@example.com",
          images: [
            { url: "https://i.scdn.co/image/ada-300", height: 300, width: 300 },
            { url: "https://i.scdn.co/image/ada-64", height: 64, width: 64 },
          ],
          product: "premium",
          type: "user",
        }),
      },
    },
    user: { ...ADA, image: "https://i.scdn.co/image/ada-300" },
  },
  {
    id: "bitbucket",
    make: Bitbucket,
    spec: {
      authorizationEndpoint: "https://bitbucket.org/site/oauth2/authorize",
      tokenEndpoint: "https://bitbucket.org/site/oauth2/access_token",
      clientAuth: "client_secret_basic",
      resources: {
        "https://api.bitbucket.org/2.0/user": () => ({
          uuid: "{c7a8f1b2-0000-4a4b-9c9d-aa1234567890}",
          account_id: "557058:aa",
          display_name: "Ada Lovelace",
          username: "ada",
          links: { avatar: { href: "https://secure.gravatar.com/avatar/ada.png" } },
        }),
        "https://api.bitbucket.org/2.0/user/emails": () => ({
          pagelen: 10,
          values: [
            { email: "ada@old.example", is_primary: false, is_confirmed: true, type: "email" },
            { email: "ada@example.com", is_primary: true, is_confirmed: true, type: "email" },
          ],
        }),
      },
    },
    user: { ...ADA, image: "https://secure.gravatar.com/avatar/ada.png" },
  },
  {
    id: "zitadel",
    make: Zitadel,
    env: { AUTH_ZITADEL_ISSUER: "https://example-abc123.zitadel.cloud" },
    spec: oidc("https://example-abc123.zitadel.cloud", {
      authorize: "https://example-abc123.zitadel.cloud/oauth/v2/authorize",
      token: "https://example-abc123.zitadel.cloud/oauth/v2/token",
      userinfo: "https://example-abc123.zitadel.cloud/oidc/v1/userinfo",
    }),
    user: ADA,
  },
  {
    id: "cognito",
    make: Cognito,
    env: { AUTH_COGNITO_ISSUER: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123" },
    spec: {
      ...oidc("https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbCdEf123", {
        authorize: "https://example.auth.eu-west-1.amazoncognito.com/oauth2/authorize",
        token: "https://example.auth.eu-west-1.amazoncognito.com/oauth2/token",
        userinfo: "https://example.auth.eu-west-1.amazoncognito.com/oauth2/userInfo",
      }),
      idToken: () => ({ sub: SUB, "cognito:username": "ada", email: "ada@example.com", token_use: "id" }),
      resources: {
        "https://example.auth.eu-west-1.amazoncognito.com/oauth2/userInfo": () => ({
          sub: SUB,
          username: "ada",
          email: "ada@example.com",
        }),
      },
    },
    user: { name: "ada", email: "ada@example.com", image: null },
  },
  {
    id: "salesforce",
    make: Salesforce,
    spec: {
      ...oidc("https://login.salesforce.com", {
        authorize: "https://login.salesforce.com/services/oauth2/authorize",
        token: "https://login.salesforce.com/services/oauth2/token",
        userinfo: "https://login.salesforce.com/services/oauth2/userinfo",
      }),
      idToken: () => ({ sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A" }),
      // Salesforce's token answer has no expires_in, and extras such as instance_url.
      tokenResponse: ({ expires_in: _e, ...body }) => ({
        ...body,
        instance_url: "https://example.my.salesforce.com",
        issued_at: "1700000000000",
      }),
      resources: {
        "https://login.salesforce.com/services/oauth2/userinfo": () => ({
          sub: "https://login.salesforce.com/id/00Dxx0000001gPL/005xx000001Sv6A",
          user_id: "005xx000001Sv6A",
          organization_id: "00Dxx0000001gPL",
          name: "Ada Lovelace",
          email: "ada@example.com",
          picture: "https://example.file.force.com/profilephoto/ada/F",
        }),
      },
    },
    user: { ...ADA, image: "https://example.file.force.com/profilephoto/ada/F" },
  },
  {
    id: "atlassian",
    make: Atlassian,
    spec: {
      authorizationEndpoint: "https://auth.atlassian.com/authorize",
      tokenEndpoint: "https://auth.atlassian.com/oauth/token",
      clientAuth: "client_secret_post",
      resources: {
        "https://api.atlassian.com/me": () => ({
          account_type: "atlassian",
          account_id: "112233aa-bb11-cc22-33dd-445566abcabc",
          email: "ada@example.com",
          name: "Ada Lovelace",
          picture: "https://avatar-management.example/ada.png",
          account_status: "active",
          nickname: "ada",
        }),
      },
    },
    user: { ...ADA, image: "https://avatar-management.example/ada.png" },
  },
];

/** Twitch's `claims` parameter: only the claims it names, for the given target. */
function claimsAsked(query: URLSearchParams, target: "id_token" | "userinfo"): Record<string, unknown> {
  const available: Record<string, unknown> = {
    preferred_username: "ada_streams",
    email: "ada@example.com",
    email_verified: true,
    picture: "https://static-cdn.jtvnw.net/ada.png",
  };
  const asked = JSON.parse(query.get("claims") ?? "{}") as Record<string, Record<string, unknown>>;
  return Object.fromEntries(Object.keys(asked[target] ?? {}).map((name) => [name, available[name]]));
}

export type { Grant };
