import { LoadError, Loading } from "../../components/QueryStates.tsx";
import { useTitle } from "../../use-title.ts";
import { useAccount } from "../account/use-account.ts";
import { EmailCard } from "./EmailCard.tsx";
import { ProfileForm } from "./ProfileForm.tsx";

/** `/account/profile`: the name and picture, and the email address. */
export function ProfilePage() {
  useTitle("Profile");
  const account = useAccount();
  return (
    <section className="console-page" aria-labelledby="profile-heading">
      <h2 id="profile-heading" tabIndex={-1} data-section-heading>
        Profile
      </h2>
      <p className="muted">How you appear, and where we write to you.</p>
      {account.isPending && <Loading>Loading your profile…</Loading>}
      {account.isError && !account.data && (
        <LoadError
          what="Your profile could not be loaded."
          error={account.error}
          onRetry={() => void account.refetch()}
        />
      )}
      {account.data && (
        <>
          <ProfileForm user={account.data.user} />
          <EmailCard user={account.data.user} />
        </>
      )}
    </section>
  );
}
