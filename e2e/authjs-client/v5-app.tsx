// The page of e2e/authjs-v5-webauthn.test.ts: an app that uses Auth.js v5's own clients
// (`next-auth@5` beta: `next-auth/webauthn` for passkeys, `next-auth/react` for a password and for
// signing out, and its SessionProvider) against Gatehouse. The test calls them through `window.v5`; a
// throw comes back as a value. v5's SessionProvider takes a signed-out `{}` (Auth.js v4's answer,
// Gatehouse's default) for a session: the app runs Gatehouse with `session.signedOut: "null"`.

import { SessionProvider, type SignInResponse, signIn, signOut, useSession } from "next-auth-v5/react";
import { signIn as webAuthnSignIn } from "next-auth-v5/webauthn";
import { createRoot } from "react-dom/client";
import type { Outcome } from "./v4-app.tsx";

/** What the app shows: the session as v5's `useSession` has it (refetched by its signIn and signOut). */
function SessionStatus() {
  const { data, status } = useSession();
  const email = data?.user?.email;
  return <p data-testid="session">{email ? `${status} ${email}` : status}</p>;
}

async function outcome<T>(call: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { returned: await call() };
  } catch (error) {
    return { threw: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The clients as the test drives them. */
export interface V5Client {
  /** `next-auth/webauthn`'s `signIn("passkey", options)`: with `redirect: false` its answer. */
  passkey(options: Record<string, unknown>): Promise<Outcome<SignInResponse>>;
  /** `next-auth/react`'s `signIn(provider, options)`. */
  signIn(provider: string, options: Record<string, unknown>): Promise<Outcome<SignInResponse>>;
  signOut(): Promise<Outcome<unknown>>;
}

const client: V5Client = {
  passkey: (options) => outcome(() => webAuthnSignIn("passkey", { ...options, redirect: false })),
  signIn: (provider, options) => outcome(() => signIn(provider, { ...options, redirect: false })),
  signOut: () => outcome(() => signOut({ redirect: false })),
};
(window as unknown as { v5: V5Client }).v5 = client;

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <SessionProvider>
      <SessionStatus />
    </SessionProvider>,
  );
}
