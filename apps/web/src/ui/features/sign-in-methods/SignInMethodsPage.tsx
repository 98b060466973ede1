import { useSearch } from "@tanstack/react-router";
import { useTitle } from "../../use-title.ts";
import { LinkedAccountsCard } from "./linked-accounts/LinkedAccountsCard.tsx";
import { PasskeysCard } from "./passkeys/PasskeysCard.tsx";
import { PasswordCard } from "./password/PasswordCard.tsx";
import { TwoFactorCard } from "./two-factor/TwoFactorCard.tsx";

/** `/account`: how the person signs in (password, passkeys, linked accounts) and two-factor. */
export function SignInMethodsPage() {
  useTitle("Sign-in and security");
  const { linked } = useSearch({ from: "/account/" });
  return (
    <section className="console-page" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading" tabIndex={-1} data-section-heading>
        Sign-in and security
      </h2>
      <p className="muted">The ways you can sign in, and what protects your account.</p>
      <PasswordCard />
      <PasskeysCard />
      <TwoFactorCard />
      <LinkedAccountsCard linked={linked} />
    </section>
  );
}
