"use client";

import { useSession } from "@gatehouse/react";

/** The session as the browser sees it, from GET /api/auth/session through @gatehouse/react. */
export function ClientSession() {
  const { data, status } = useSession();
  let text = "Client: loading…";
  if (status === "authenticated") text = `Client: signed in as ${data?.user?.name} (${data?.user?.email})`;
  if (status === "unauthenticated") text = "Client: not signed in.";
  return <p data-testid="client-session">{text}</p>;
}
