import { signIn, useSession } from "@gatehouse/react";
import { passkeysSupported } from "@gatehouse/react/passkeys";
import { Link } from "@tanstack/react-router";
import { PasskeySignInButton } from "../features/passkey-sign-in/PasskeySignInButton.tsx";
import { useProviders } from "../use-providers.ts";
import { useTitle } from "../use-title.ts";

export function Home() {
  useTitle();
  const { data, status } = useSession();
  const providers = useProviders();
  // A link to /api/auth/signup without the Password provider would only lead to an error page.
  const canSignUp = providers !== null && "password" in providers;
  const offersPasskeys = providers !== null && "passkey" in providers && passkeysSupported();
  const user = data?.user;
  return (
    <>
      <h1 tabIndex={-1}>Welcome to Gatehouse</h1>
      <p className="lead">
        A small web app that signs you in with OpenID Connect, a password, a passkey or a link sent by email,
        keeps one page for signed-in visitors only, and gives everyone with an account one place to look after
        it.
      </p>
      <section className="card" aria-labelledby="session-heading">
        <h2 id="session-heading">Your session</h2>
        <p className="status" data-testid="session-status" role="status">
          {status === "loading" && "Checking your session…"}
          {status === "unauthenticated" && "You are not signed in."}
          {status === "authenticated" &&
            (user?.name ? (
              <>
                Signed in as <strong>{user.name}</strong>
                {user.email ? ` (${user.email})` : ""}
              </>
            ) : (
              // An email sign-in knows only the address.
              <>
                Signed in as <strong>{user?.email ?? "someone"}</strong>
              </>
            ))}
        </p>
        {status === "authenticated" && data?.expires && (
          <p className="muted">Your session lasts until {new Date(data.expires).toLocaleString()}.</p>
        )}
        <div className="actions">
          {status === "unauthenticated" && (
            <button type="button" className="button" onClick={() => signIn()}>
              Sign in
            </button>
          )}
          {status === "unauthenticated" && offersPasskeys && <PasskeySignInButton />}
          {status === "unauthenticated" && canSignUp && (
            // The server's own page, not an in-app route: a full navigation.
            <a href="/api/auth/signup" className="button button-quiet">
              Create an account
            </a>
          )}
          <Link to="/protected" className={status === "authenticated" ? "button" : "button button-quiet"}>
            Open the protected page
          </Link>
          {status === "authenticated" && (
            <Link to="/account" className="button button-quiet">
              Manage your account
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
