import { getProviders, type ProviderMap } from "@gatehouse/react";
import { useEffect, useState } from "react";

/**
 * The server's sign-in methods (`GET /api/auth/providers`); null until they are known or when they
 * cannot be read. `password` is the built-in Password provider: off without mail (production without
 * SMTP, `AUTH_EMAIL=false`) or with `AUTH_PASSWORD=false`. `passkey` is there when passkeys are on.
 */
export function useProviders(): ProviderMap | null {
  const [providers, setProviders] = useState<ProviderMap | null>(null);
  useEffect(() => {
    let current = true;
    getProviders().then(
      (found) => current && setProviders(found),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return providers;
}
