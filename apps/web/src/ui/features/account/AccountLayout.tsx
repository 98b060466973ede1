import { useSession } from "@gatehouse/react";
import { Outlet } from "@tanstack/react-router";
import { CheckingSession } from "../../components/CheckingSession.tsx";
import { AccountNav } from "./AccountNav.tsx";

/**
 * The account console: who is signed in, the sections' navigation, and the section on screen.
 * Signed-out visitors are sent to sign in (and back here afterwards).
 */
export function AccountLayout() {
  // Each section sets the document's title: a layout's effect would run after theirs and win.
  const { data, status } = useSession({ required: true });
  // Only before the first answer: a session update (after a profile change) reports "loading" too,
  // and must not unmount the section with its state.
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>Your account</h1>
      {status !== "authenticated" && !user ? (
        <CheckingSession />
      ) : (
        <>
          <p className="lead">
            Signed in as <strong data-testid="account-email">{user?.email ?? user?.name ?? "you"}</strong>.
            Look after your profile, how you sign in, and where you are signed in.
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
