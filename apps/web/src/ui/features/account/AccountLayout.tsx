import { useSession } from "@gatehouse/react";
import { Outlet } from "@tanstack/react-router";
import { Trans, useTranslation } from "react-i18next";
import { CheckingSession } from "../../components/CheckingSession.tsx";
import { AccountNav } from "./AccountNav.tsx";

/**
 * The account console: who is signed in, the sections' navigation, and the section on screen.
 * Signed-out visitors are sent to sign in (and back here afterwards).
 */
export function AccountLayout() {
  const { t } = useTranslation("account");
  // Each section sets the document's title: a layout's effect would run after theirs and win.
  const { data, status } = useSession({ required: true });
  // Only before the first answer: a session update (after a profile change) reports "loading" too,
  // and must not unmount the section with its state.
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>{t("layout.heading")}</h1>
      {status !== "authenticated" && !user ? (
        <CheckingSession />
      ) : (
        <>
          <p className="lead">
            <Trans
              t={t}
              i18nKey="layout.lead"
              values={{ name: user?.email ?? user?.name ?? t("layout.you") }}
              components={{ strong: <strong data-testid="account-email" /> }}
            />
          </p>
          <div className="console">
            <AccountNav />
            <div className="console-section">
              <Outlet />
            </div>
          </div>
        </>
      )}
    </>
  );
}
