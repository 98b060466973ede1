import type { OAuthProviderConfig } from "../types.ts";
import { idOf, type PresetOptions, preset, str } from "./lib/preset.ts";

/**
 * Discord (OAuth 2). `GET /users/@me` gives an avatar *hash*; the image URL is built from the user id
 * and that hash (`a_` hashes are animated), or Discord's default avatar when there is none.
 * Env: `AUTH_DISCORD_ID`, `AUTH_DISCORD_SECRET`.
 *
 * @example providers: [Discord()]
 */
export function Discord(options: PresetOptions = {}): OAuthProviderConfig {
  return preset(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
      token: { url: "https://discord.com/api/oauth2/token" },
      userinfo: { url: "https://discord.com/api/users/@me" },
      profile: (p) => ({
        id: idOf(p.id),
        name: str(p.global_name) ?? str(p.username),
        // Discord's `verified` says whether the email is confirmed; an unconfirmed one is not the person's.
        email: p.verified === true ? str(p.email) : null,
        image: discordAvatar(idOf(p.id), str(p.avatar), str(p.discriminator)),
      }),
      style: { bg: "#5865f2", text: "#ffffff" },
    },
    options,
  );
}

function discordAvatar(id: string, hash: string | null, discriminator: string | null): string | null {
  if (hash !== null) {
    const format = hash.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${encodeURIComponent(id)}/${encodeURIComponent(hash)}.${format}`;
  }
  // Default avatars: by user id for migrated usernames (discriminator "0"), else by discriminator.
  if (!/^\d+$/.test(id)) return null;
  const index =
    discriminator === null || discriminator === "0"
      ? Number((BigInt(id) >> 22n) % 6n)
      : Number.parseInt(discriminator, 10) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}
