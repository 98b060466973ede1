import { getSession } from "@gatehouse/nextjs";
import Link from "next/link";
import { redirect } from "next/navigation";
import { auth } from "../../auth";

export default async function ProtectedPage() {
  const session = await getSession(auth);
  // proxy.ts sent signed-out visitors to the sign-in page already; a page checks again where it reads
  // the data, so a matcher that misses this path never exposes it.
  if (!session) redirect("/api/auth/signin?callbackUrl=%2Fprotected");
  return (
    <main>
      <h1>Protected page</h1>
      <p data-testid="protected-email">{session.user?.email}</p>
      <p>
        <Link href="/">Home</Link>
      </p>
    </main>
  );
}
