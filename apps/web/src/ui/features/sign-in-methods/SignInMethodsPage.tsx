import { useSearch } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { LinkedAccountsCard } from "./linked-accounts/LinkedAccountsCard.tsx";
import { PasskeysCard } from "./passkeys/PasskeysCard.tsx";
import { PasswordCard } from "./password/PasswordCard.tsx";
import { TwoFactorCard } from "./two-factor/TwoFactorCard.tsx";

/** `/account`: how the person signs in (password, passkeys, linked accounts) and two-factor. */
export function SignInMethodsPage() {
  const { t } = useTranslation("account");
  const { linked } = useSearch({ from: "/account/" });
  return (
    <ConsolePage title={t("nav.signInMethods")} intro={t("signInMethods.intro")}>
      <PasswordCard />
      <PasskeysCard />
      <TwoFactorCard />
      <LinkedAccountsCard linked={linked} />
    </ConsolePage>
  );
}
