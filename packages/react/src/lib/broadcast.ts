import { isRecord } from "./is-record.ts";

/** Why a tab tells the others to read the session again. */
export type BroadcastTrigger = "signout" | "getSession";

/** The globals cross-tab sync uses; `globalThis` in a browser, a fake in tests. */
export interface BroadcastPlatform {
  BroadcastChannel?: new (
    name: string,
  ) => {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown): void;
    close(): void;
  };
  localStorage?: { setItem(key: string, value: string): void };
  addEventListener?(type: "storage", listener: (event: StorageEvent) => void): void;
  removeEventListener?(type: "storage", listener: (event: StorageEvent) => void): void;
}

export interface Channel {
  post(trigger: BroadcastTrigger): void;
  close(): void;
}

const NAME = "gatehouse";
const STORAGE_KEY = "gatehouse.message";

function isMessage(value: unknown): boolean {
  return isRecord(value) && value.event === "session" && isRecord(value.data);
}

/**
 * Opens the cross-tab channel: a `BroadcastChannel` where available, else the `storage` event.
 * A channel does not hear its own posts, so a tab that reacts to a message never re-broadcasts it.
 */
export function openChannel(platform: BroadcastPlatform, onMessage?: () => void): Channel {
  const message = (trigger: BroadcastTrigger) => ({
    event: "session",
    data: { trigger },
    timestamp: Math.floor(Date.now() / 1000),
  });
  const Broadcast = platform.BroadcastChannel;
  if (Broadcast) {
    const channel = new Broadcast(NAME);
    if (onMessage) channel.onmessage = (event) => isMessage(event.data) && onMessage();
    return { post: (trigger) => channel.postMessage(message(trigger)), close: () => channel.close() };
  }
  const listener = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      if (isMessage(JSON.parse(event.newValue))) onMessage?.();
    } catch {
      // Another script's malformed value under our key is not a message.
    }
  };
  if (onMessage) platform.addEventListener?.("storage", listener);
  return {
    post(trigger) {
      try {
        platform.localStorage?.setItem(STORAGE_KEY, JSON.stringify(message(trigger)));
      } catch {
        // Storage can be full or disabled (private mode); other tabs then simply miss this message.
      }
    },
    close: () => platform.removeEventListener?.("storage", listener),
  };
}

/** Tells the other tabs, and this tab's `SessionProvider` (another channel object), to act on `trigger`. */
export function broadcast(trigger: BroadcastTrigger, platform: BroadcastPlatform = globalThis): void {
  const channel = openChannel(platform);
  channel.post(trigger);
  channel.close();
}
