import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/QueryStates.tsx";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { useAccount } from "../account/use-account.ts";
import { EmailCard } from "./EmailCard.tsx";
import { ProfileForm } from "./ProfileForm.tsx";

/** `/account/profile`: the name and picture, and the email address. */
export function ProfilePage() {
  const { t } = useTranslation("account");
  const account = useAccount();
  return (
    <ConsolePage title={t("nav.profile")} intro={t("profile.intro")}>
      <QueryStatus query={account} loading={t("profile.loading")} failed={t("profile.failed")} />
      {account.data && (
        <>
          <ProfileForm user={account.data.user} />
          <EmailCard user={account.data.user} />
        </>
      )}
    </ConsolePage>
  );
}
