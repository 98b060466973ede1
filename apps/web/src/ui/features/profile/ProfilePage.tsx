import { QueryStatus } from "../../components/QueryStates.tsx";
import { ConsolePage } from "../account/ConsolePage.tsx";
import { useAccount } from "../account/use-account.ts";
import { EmailCard } from "./EmailCard.tsx";
import { ProfileForm } from "./ProfileForm.tsx";

/** `/account/profile`: the name and picture, and the email address. */
export function ProfilePage() {
  const account = useAccount();
  return (
    <ConsolePage title="Profile" intro="How you appear, and where we write to you.">
      <QueryStatus
        query={account}
        loading="Loading your profile…"
        failed="Your profile could not be loaded."
      />
      {account.data && (
        <>
          <ProfileForm user={account.data.user} />
          <EmailCard user={account.data.user} />
        </>
      )}
    </ConsolePage>
  );
}
