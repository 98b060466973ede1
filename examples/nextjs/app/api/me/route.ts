import { getSession } from "@gatehouse/nextjs";
import { auth } from "../../../auth";

// The proxy answers 401 when signed out; checked again here, where the data is read.
export async function GET(): Promise<Response> {
  const session = await getSession(auth);
  if (!session) return Response.json({ error: "SessionRequired" }, { status: 401 });
  return Response.json({ email: session.user?.email ?? null });
}
