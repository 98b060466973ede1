import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type BroadcastPlatform, openChannel } from "./broadcast.ts";

// A browser without BroadcastChannel: localStorage plus the window's `storage` event.
function storagePlatform(options: { failingStorage?: boolean } = {}) {
  const writes: Array<[string, string]> = [];
  const listeners = new Set<(event: StorageEvent) => void>();
  const platform: BroadcastPlatform = {
    localStorage: {
      setItem(key, value) {
        if (options.failingStorage) throw new Error("QuotaExceededError");
        writes.push([key, value]);
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  // What another tab's write looks like here.
  const storage = (key: string | null, newValue: string | null) => {
    for (const listener of listeners) listener({ key, newValue } as StorageEvent);
  };
  return { platform, writes, listeners, storage };
}

describe("openChannel, storage fallback", () => {
  it("posts the message under gatehouse.message", () => {
    const { platform, writes } = storagePlatform();
    openChannel(platform).post("signout");
    const [key, value] = writes[0] ?? [];
    assert.equal(key, "gatehouse.message");
    const { timestamp, ...message } = JSON.parse(value ?? "");
    assert.deepEqual(message, { event: "session", data: { trigger: "signout" } });
    assert.ok(Number.isInteger(timestamp));
  });

  it("hears only well-formed session messages under its key", () => {
    const { platform, storage } = storagePlatform();
    let heard = 0;
    const channel = openChannel(platform, () => heard++);
    storage("other", JSON.stringify({ event: "session", data: {} }));
    storage("gatehouse.message", "{not json");
    storage("gatehouse.message", JSON.stringify({ event: "session" }));
    storage("gatehouse.message", null);
    assert.equal(heard, 0);
    storage("gatehouse.message", JSON.stringify({ event: "session", data: { trigger: "getSession" } }));
    assert.equal(heard, 1);
    channel.close();
    storage("gatehouse.message", JSON.stringify({ event: "session", data: { trigger: "getSession" } }));
    assert.equal(heard, 1);
  });

  it("swallows storage errors (private mode, quota)", () => {
    const { platform } = storagePlatform({ failingStorage: true });
    assert.doesNotThrow(() => openChannel(platform).post("getSession"));
  });

  it("is a no-op where neither exists (server rendering)", () => {
    const channel = openChannel({}, () => assert.fail("no message expected"));
    channel.post("signout");
    channel.close();
  });
});

describe("openChannel, BroadcastChannel", () => {
  it("reaches another channel of the same name, not itself", async () => {
    const heardByOther = new Promise<void>((resolve) => {
      const other = openChannel({ BroadcastChannel }, () => {
        other.close();
        resolve();
      });
    });
    const self = openChannel({ BroadcastChannel }, () => assert.fail("a channel must not hear itself"));
    self.post("getSession");
    await heardByOther;
    self.close();
  });
});
