import { useSession } from "@gatehouse/react";
import { CheckingSession } from "../components/CheckingSession.tsx";
import { useTitle } from "../use-title.ts";

/** Only for signed-in visitors. The server guards a direct load; `required` guards in-app navigation. */
export function Protected() {
  useTitle("Protected page");
  const { data, status } = useSession({ required: true });
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>Protected page</h1>
      {status !== "authenticated" ? (
        <CheckingSession />
      ) : (
        <>
          <p className="lead">Only signed-in visitors can open this page.</p>
          <section className="card" aria-labelledby="who-heading">
            <h2 id="who-heading">Your account</h2>
            <p>
              You can see this because you are signed in as{" "}
              <strong data-testid="protected-email">{user?.email ?? user?.name ?? "an unnamed user"}</strong>.
            </p>
            <p className="muted">
              Signed-out visitors who open this page are sent to sign in, then brought back.
            </p>
          </section>
        </>
      )}
    </>
  );
}
