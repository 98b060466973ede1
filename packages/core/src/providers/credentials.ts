import type { CredentialsProviderConfig } from "./types.ts";

/**
 * Sign-in with a form the app checks itself. Works with both session strategies.
 *
 * @example Credentials({ credentials: { username: { label: "User name" } }, authorize: async (c) => findUser(c.username) })
 */
export function Credentials(
  options: Omit<CredentialsProviderConfig, "type" | "id" | "name"> & { id?: string; name?: string },
): CredentialsProviderConfig {
  return { id: "credentials", name: "Credentials", ...options, type: "credentials" };
}
