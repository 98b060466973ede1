import { getSession } from "@gatehouse/nextjs";
import Link from "next/link";
import { auth } from "../auth";
import { SignInButton, SignOutButton } from "./auth-buttons";
import { ClientSession } from "./client-session";

export default async function Home() {
  // Read on the server, from this request's cookies: the page renders per request.
  const session = await getSession(auth);
  return (
    <main>
      <h1>Gatehouse on Next.js</h1>
      <p data-testid="server-session">
        {session
          ? `Server: signed in as ${session.user?.name} (${session.user?.email})`
          : "Server: not signed in."}
      </p>
      <ClientSession />
      <p>{session ? <SignOutButton /> : <SignInButton />}</p>
      <p>
        <Link href="/protected">Protected page</Link>
      </p>
    </main>
  );
}
