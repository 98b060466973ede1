import { PasskeysCard } from "./passkeys/PasskeysCard.tsx";
import { TwoFactorCard } from "./two-factor/TwoFactorCard.tsx";

/** The signed-in area's "Security" section: how the person signs in, and how the account is protected. */
export function SecuritySection() {
  return (
    <section className="security" aria-labelledby="security-heading">
      <h2 id="security-heading">Security</h2>
      <PasskeysCard />
      <TwoFactorCard />
    </section>
  );
}
