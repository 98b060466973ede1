import { useSession } from "@gatehouse/react";
import { SecuritySection } from "../features/security/SecuritySection.tsx";
import { useTitle } from "../use-title.ts";

/** The signed-in area: who is signed in, and the Security section. Signed-out visitors are sent to sign in. */
export function Account() {
  useTitle("Your account");
  const { data, status } = useSession({ required: true });
  if (status !== "authenticated") {
    return (
      <>
        <h1 tabIndex={-1}>Your account</h1>
        <p className="status" role="status">
          Checking your session…
        </p>
      </>
    );
  }
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>Your account</h1>
      <p className="lead">
        Signed in as <strong data-testid="account-email">{user?.email ?? user?.name ?? "you"}</strong>. Choose
        how you sign in and how your account is protected.
      </p>
      <SecuritySection />
    </>
  );
}
