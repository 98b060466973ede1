"use client";
// A client module for React Server Components (Next.js App Router): a server component, e.g. a
// layout, can render SessionProvider; the hooks and context run in the browser.

import { createContext, createElement, type ReactElement, type ReactNode, useEffect, useMemo } from "react";
import { createAuthClient } from "../client/create-auth-client.ts";
import { createSessionStore, type RefetchOptions, type SessionStore } from "../client/session-store.ts";
import type { AuthClient, Session } from "../client/types.ts";

export const SessionContext = createContext<SessionStore | null>(null);

/** Props of `SessionProvider`. */
export interface SessionProviderProps extends RefetchOptions {
  children?: ReactNode;
  /** The session the server rendered with; when given (even `null`), nothing loads on mount. */
  session?: Session | null;
  /** Default `/api/auth`; ignored when `client` is given. */
  basePath?: string;
  client?: AuthClient;
}

/**
 * Holds the session for `useSession` and keeps it fresh (focus, polling, other tabs).
 * @example createElement(SessionProvider, { session, refetchInterval: 300 }, createElement(App))
 */
export function SessionProvider(props: SessionProviderProps): ReactElement {
  const { children, session, basePath, client, refetchInterval, refetchOnWindowFocus, refetchWhenOffline } =
    props;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `session` is the initial value only; the store owns it afterwards.
  const store = useMemo(
    () => createSessionStore(client ?? createAuthClient({ basePath }), session),
    [client, basePath],
  );
  useEffect(
    () => store.start({ refetchInterval, refetchOnWindowFocus, refetchWhenOffline }),
    [store, refetchInterval, refetchOnWindowFocus, refetchWhenOffline],
  );
  return createElement(SessionContext.Provider, { value: store }, children);
}
