// The page of e2e/authjs-v4-client.test.ts: an app that uses next-auth v4's own React client
// (`next-auth/react` 4.24.15) against Gatehouse, as an app migrating from next-auth keeps it. The
// test calls the client through `window.v4`; a throw comes back as a value, so a TypeError the
// client raises (issue 23) fails the test by what it says rather than by a timeout.
import { SessionProvider, type SignInResponse, signIn, signOut, useSession } from "next-auth/react";
import { createRoot } from "react-dom/client";

/** What the app shows: the session as `useSession` has it (refetched by `signIn` on success). */
function SessionStatus() {
  const { data, status } = useSession();
  const email = data?.user?.email;
  return <p data-testid="session">{email ? `${status} ${email}` : status}</p>;
}

/** A call's outcome: what the client returned, or what it threw. */
export type Outcome<T> = { returned: T } | { threw: string };

async function outcome<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { returned: await call() };
  } catch (error) {
    return { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The client as the test drives it. */
export interface V4Client {
  /** `signIn(provider, options)`: with `redirect: false` its answer; with redirects, the page moves. */
  signIn(provider: string, options: Record<string, unknown>): Promise<Outcome<SignInResponse | undefined>>;
  signOut(): Promise<Outcome<unknown>>;
}

const client: V4Client = {
  signIn: (provider, options) => outcome(() => signIn<"credentials">(provider, options)),
  signOut: () => outcome(() => signOut({ redirect: false })),
};
(window as unknown as { v4: V4Client }).v4 = client;

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <SessionProvider>
      <SessionStatus />
    </SessionProvider>,
  );
}
