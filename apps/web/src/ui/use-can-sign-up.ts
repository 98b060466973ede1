import { getProviders } from "@gatehouse/react";
import { useEffect, useState } from "react";

/**
 * Whether the server offers password sign-up (the web app's built-in `Password` provider, id
 * `password`). It is off without mail (production without SMTP, `AUTH_EMAIL=false`) or with
 * `AUTH_PASSWORD=false`; a link to `/api/auth/signup` would then only lead to an error page.
 */
export function useCanSignUp(): boolean {
  const [canSignUp, setCanSignUp] = useState(false);
  useEffect(() => {
    let current = true;
    getProviders().then(
      (providers) => current && setCanSignUp(providers !== null && "password" in providers),
      () => {},
    );
    return () => {
      current = false;
    };
  }, []);
  return canSignUp;
}
