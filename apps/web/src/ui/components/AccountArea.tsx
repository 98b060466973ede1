import { signIn, signOut, useSession } from "@gatehouse/react";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";

/** The header's account area: who is signed in, and the one button that fits. */
export function AccountArea() {
  const { t } = useTranslation("common");
  const { data, status } = useSession();
  const navigate = useNavigate();

  /**
   * Signs out and lands on the home page. The in-app move comes first: signOut() makes this tab's
   * SessionProvider re-read the session, and a page still showing `useSession({ required: true })`
   * would then send the browser to the sign-in page, cancelling the way home.
   */
  async function signOutHome(): Promise<void> {
    await navigate({ to: "/" });
    await signOut({ callbackUrl: "/" });
  }

  if (status === "loading") return <div className="account" aria-hidden="true" />;
  if (status === "unauthenticated") {
    return (
      <div className="account">
        <button type="button" className="button" onClick={() => signIn()}>
          {t("accountArea.signIn")}
        </button>
      </div>
    );
  }
  const user = data?.user;
  return (
    <div className="account">
      <span className="account-name">{user?.name ?? user?.email ?? t("accountArea.signedIn")}</span>
      <button type="button" className="button button-quiet" onClick={signOutHome}>
        {t("accountArea.signOut")}
      </button>
    </div>
  );
}
