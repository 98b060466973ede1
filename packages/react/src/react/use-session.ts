"use client";

import { useContext, useEffect, useSyncExternalStore } from "react";
import type { SessionState } from "../client/session-store.ts";
import type { AuthClient } from "../client/types.ts";
import { currentHref } from "../lib/location.ts";
import { SessionContext } from "./session-provider.ts";

/** Options of `useSession`. */
export interface UseSessionOptions {
  /** Leave the page when signed out: `onUnauthenticated`, else the sign-in page. */
  required?: boolean;
  onUnauthenticated?: () => void;
}

// What `required` does once signed out; kept out of the hook so it is testable without a DOM.
export function leaveUnauthenticated(
  client: AuthClient,
  onUnauthenticated?: () => void,
  href = currentHref(),
): void {
  if (onUnauthenticated) {
    onUnauthenticated();
    return;
  }
  const params = new URLSearchParams({ error: "SessionRequired", callbackUrl: href ?? "" });
  client.navigate(`${client.endpoint}/signin?${params}`);
}

/**
 * The current session, its status and `update`; must be used inside `SessionProvider`.
 * @example const { data, status, update } = useSession({ required: true });
 */
export function useSession(options: UseSessionOptions = {}): SessionState {
  const store = useContext(SessionContext);
  if (!store) throw new Error("useSession must be used inside <SessionProvider>");
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { required, onUnauthenticated } = options;
  const leave = required === true && state.status === "unauthenticated";
  useEffect(() => {
    if (leave) leaveUnauthenticated(store.client, onUnauthenticated);
  }, [leave, onUnauthenticated, store]);
  // The page is about to be left: show "loading" rather than a signed-out flash.
  return leave ? { ...state, status: "loading" } : state;
}
