import type { OAuthProviderConfig, ProfileContext, TokenSet, User } from "../../providers/types.ts";

/**
 * The user for a provider profile: `provider.profile()` if given, else the OIDC standard claims
 * `{ id: sub ?? id, name: name ?? preferred_username, email, image: picture }`. Either way the email is
 * lowercased and the id must be a non-empty string or a finite number (kept as a string).
 */
export async function toUser(
  provider: OAuthProviderConfig,
  profile: Record<string, unknown>,
  tokens: TokenSet,
  context: ProfileContext = { params: new URLSearchParams() },
): Promise<User> {
  const mapped: unknown = provider.profile
    ? await provider.profile(profile, tokens, context)
    : defaultUser(profile);
  if (typeof mapped !== "object" || mapped === null) throw new Error("profile() did not return an object");
  const { id, name, email, image } = mapped as Record<string, unknown>;
  const user: User = { id: toId(id) };
  if (name !== undefined) user.name = stringOrNull(name);
  if (email !== undefined) user.email = stringOrNull(email)?.toLowerCase() ?? null;
  if (image !== undefined) user.image = stringOrNull(image);
  return user;
}

function defaultUser(profile: Record<string, unknown>): Record<string, unknown> {
  return {
    id: profile.sub ?? profile.id,
    name: stringOrNull(profile.name) ?? stringOrNull(profile.preferred_username),
    email: stringOrNull(profile.email),
    image: stringOrNull(profile.picture),
  };
}

function toId(value: unknown): string {
  if (typeof value === "string" && value !== "") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw new Error("the provider profile has no usable id");
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
