import { useSearch } from "@tanstack/react-router";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { LinkedAccountsCard } from "./linked-accounts/LinkedAccountsCard.tsx";
import { PasskeysCard } from "./passkeys/PasskeysCard.tsx";
import { PasswordCard } from "./password/PasswordCard.tsx";
import { TwoFactorCard } from "./two-factor/TwoFactorCard.tsx";

/** `/account`: how the person signs in (password, passkeys, linked accounts) and two-factor. */
export function SignInMethodsPage() {
  const { linked } = useSearch({ from: "/account/" });
  return (
    <ConsolePage
      title="Sign-in and security"
      intro="The ways you can sign in, and what protects your account."
    >
      <PasswordCard />
      <PasskeysCard />
      <TwoFactorCard />
      <LinkedAccountsCard linked={linked} />
    </ConsolePage>
  );
}
