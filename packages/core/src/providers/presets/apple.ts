import type { OAuthProviderConfig } from "../types.ts";
import { obj, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Sign in with Apple (OpenID Connect, issuer `https://appleid.apple.com`). Apple returns the code with
 * `response_mode=form_post`, authenticates clients with `client_secret_post`, and sends the person's
 * name only once — on the first sign-in, as a JSON `user` field of the callback POST (never in the ID
 * token). The email always comes from the signed ID token, never from that unsigned field.
 * Env: `AUTH_APPLE_ID` (the Services ID), `AUTH_APPLE_SECRET`: the client secret is a JWT (ES256) the
 * app signs with its Apple key, valid at most 6 months — generate it ahead and rotate it.
 *
 * @example providers: [Apple()]
 */
export function Apple(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "apple",
      name: "Apple",
      type: "oidc",
      issuer: "https://appleid.apple.com",
      authorization: { params: { scope: "openid name email" } },
      responseMode: "form_post",
      clientAuthMethod: "client_secret_post",
      profile: (claims, _tokens, { params }) => {
        const name = firstLoginName(params.get("user"));
        return {
          id: str(claims.sub) ?? "",
          email: str(claims.email),
          image: null,
          // Absent after the first sign-in: leave the stored name alone rather than erase it.
          ...(name !== null ? { name } : {}),
        };
      },
      style: { bg: "#000000", text: "#ffffff" },
    },
    options,
  );
}

/** "First Last" from Apple's `user` form field, or null when absent or malformed. */
function firstLoginName(user: string | null): string | null {
  if (user === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(user);
  } catch {
    return null;
  }
  const name = obj(obj(parsed).name);
  const full = [str(name.firstName), str(name.lastName)].filter((part) => part !== null).join(" ");
  return full === "" ? null : full.slice(0, 200);
}
