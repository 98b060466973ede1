import type { ProviderMap } from "@gatehouse/react";
import { useQuery } from "@tanstack/react-query";
import { providersQuery } from "./api/queries.ts";

/**
 * The server's sign-in methods (`GET /api/auth/providers`); null until they are known or when they
 * cannot be read. `password` is the built-in Password provider: off without mail (production without
 * SMTP, `AUTH_EMAIL=false`) or with `AUTH_PASSWORD=false`. `passkey` is there when passkeys are on.
 */
export function useProviders(): ProviderMap | null {
  return useQuery(providersQuery).data ?? null;
}
