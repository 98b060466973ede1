import { type BroadcastPlatform, type Channel, openChannel } from "../lib/broadcast.ts";
import type { AuthClient, Session } from "./types.ts";

/** `loading` until the first answer and during `update`. */
export type SessionStatus = "loading" | "authenticated" | "unauthenticated";

/**
 * What `useSession` returns; one immutable object per change. A union on `status`, so narrowing works
 * under strict TypeScript: after `status === "authenticated"`, `data` is a `Session`.
 */
export type SessionState =
  | (SessionUpdate & { status: "authenticated"; data: Session })
  | (SessionUpdate & { status: "unauthenticated"; data: null })
  /** `undefined` before the first answer; the current session while an `update` is in flight. */
  | (SessionUpdate & { status: "loading"; data: Session | null | undefined });

interface SessionUpdate {
  /** Sends `data` to the server's session update; resolves to null while loading, signed out or on failure. */
  update(data?: unknown): Promise<Session | null>;
}

/** The globals the store listens to; `globalThis` in a browser, a fake in tests. */
export interface Platform extends BroadcastPlatform {
  document?: {
    readonly visibilityState: string;
    addEventListener(type: "visibilitychange", listener: () => void): void;
    removeEventListener(type: "visibilitychange", listener: () => void): void;
  };
  navigator?: { readonly onLine?: boolean };
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/** When the store refreshes itself; see `SessionProvider`. */
export interface RefetchOptions {
  /** Seconds between polls while signed in; 0 turns polling off. */
  refetchInterval?: number;
  refetchOnWindowFocus?: boolean;
  /** `false`: skip polls while `navigator.onLine` is false. */
  refetchWhenOffline?: boolean;
}

export type RefetchReason = "initial" | "focus" | "poll" | "message";

/** The session state behind `SessionProvider`, shaped for `useSyncExternalStore`. */
export interface SessionStore {
  client: AuthClient;
  subscribe(listener: () => void): () => void;
  getSnapshot(): SessionState;
  refetch(reason: RefetchReason): Promise<void>;
  /** Attaches focus, poll and cross-tab listeners and loads the session if unknown; returns the stop. */
  start(options?: RefetchOptions, platform?: Platform): () => void;
}

// Compares sessions without `expires`, which slides on every read: a mere refresh is not news.
const identity = (session: Session | null | undefined) =>
  JSON.stringify(session && { ...session, expires: 0 });

/**
 * Creates the session state for one `SessionProvider` (no module-level state: one store per provider).
 * @example const store = createSessionStore(createAuthClient(), initialSession); const stop = store.start();
 */
export function createSessionStore(client: AuthClient, session?: Session | null): SessionStore {
  const listeners = new Set<() => void>();
  let channel: Channel | undefined;
  let latest = 0;
  let state = snapshot(session, false);

  function snapshot(data: Session | null | undefined, updating: boolean): SessionState {
    if (updating || data === undefined) return { data, status: "loading", update };
    return data
      ? { data, status: "authenticated", update }
      : { data: null, status: "unauthenticated", update };
  }

  function set(data: Session | null | undefined, updating = false): void {
    state = snapshot(data, updating);
    for (const listener of listeners) listener();
  }

  async function refetch(reason: RefetchReason): Promise<void> {
    const before = state.data;
    // Focus and polls keep a live session fresh; a signed-out tab waits for a cross-tab message.
    if ((reason === "focus" || reason === "poll") && !before) return;
    const request = ++latest;
    const data = await client.getSession();
    if (request !== latest) return; // a newer request was sent; its answer wins
    set(data);
    // A message-driven refetch never re-broadcasts, so tabs cannot ping-pong.
    if (reason !== "message" && identity(data) !== identity(before)) channel?.post("getSession");
  }

  async function update(data?: unknown): Promise<Session | null> {
    const current = state.data;
    if (!current || state.status === "loading") return null;
    set(current, true);
    const next = await client.updateSession(data);
    if (next) latest++; // a read sent before the update must not overwrite its answer
    set(next ?? current);
    if (next) channel?.post("getSession");
    return next;
  }

  return {
    client,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    refetch,
    start(options = {}, platform: Platform = globalThis) {
      const { refetchInterval = 0, refetchOnWindowFocus = true, refetchWhenOffline = true } = options;
      const { document, navigator } = platform;
      const own = openChannel(platform, () => void refetch("message"));
      channel = own;
      const onVisibility = () => document?.visibilityState === "visible" && void refetch("focus");
      if (refetchOnWindowFocus) document?.addEventListener("visibilitychange", onVisibility);
      const timer =
        refetchInterval > 0
          ? platform.setInterval(() => {
              if (refetchWhenOffline || navigator?.onLine !== false) void refetch("poll");
            }, refetchInterval * 1000)
          : undefined;
      if (state.data === undefined) void refetch("initial");
      return () => {
        own.close();
        if (channel === own) channel = undefined;
        document?.removeEventListener("visibilitychange", onVisibility);
        if (timer !== undefined) platform.clearInterval(timer);
      };
    },
  };
}
