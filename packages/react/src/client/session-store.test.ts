import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { createCookieJar } from "../test/cookie-jar.ts";
import { type ProtocolServer, startProtocolServer } from "../test/protocol-server.ts";
import { createAuthClient } from "./create-auth-client.ts";
import { createSessionStore, type Platform, type SessionState, type SessionStore } from "./session-store.ts";
import type { AuthClient, Session } from "./types.ts";

const alice: Session = { user: { name: "Alice" }, expires: "2999-01-01T00:00:00.000Z" };

const unused = { ok: false, status: 0, error: "Default" } as const;

// A client whose getSession answers are queued by the test; nothing else is used by the store.
function fakeClient(...answers: Array<Session | null>) {
  const updates: unknown[] = [];
  let reads = 0;
  const client: AuthClient = {
    endpoint: "/api/auth",
    navigate: () => {},
    getSession: async () => {
      reads++;
      return answers.length > 1 ? (answers.shift() ?? null) : (answers[0] ?? null);
    },
    getCsrfToken: async () => "token",
    getProviders: async () => ({}),
    signIn: async () => ({ ok: true, status: 200, error: null, url: null }),
    signOut: async () => ({ ok: true, status: 200, error: null, url: null }),
    updateSession: async (data) => {
      updates.push(data);
      return { ...alice, user: { name: "Alicia" } };
    },
    signUp: async () => unused,
    requestPasswordReset: async () => unused,
    resetPassword: async () => unused,
    changePassword: async () => unused,
    setPassword: async () => unused,
  };
  return { client, updates, reads: () => reads };
}

// Document, timers, network state and a BroadcastChannel, all driven by the test.
function fakePlatform() {
  const document = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const timers = new Map<number, { callback: () => void; ms: number }>();
  const navigator = { onLine: true };
  const posted: unknown[] = [];
  const channels: FakeChannel[] = [];
  class FakeChannel {
    onmessage: ((event: MessageEvent) => void) | null = null;
    closed = false;
    name: string;
    constructor(name: string) {
      this.name = name;
      channels.push(this);
    }
    postMessage(message: unknown) {
      posted.push(message);
    }
    close() {
      this.closed = true;
    }
  }
  let nextId = 0;
  const platform: Platform = {
    document,
    navigator,
    BroadcastChannel: FakeChannel,
    setInterval(callback, ms) {
      timers.set(++nextId, { callback, ms });
      return nextId;
    },
    clearInterval: (id) => timers.delete(id as number),
  };
  const focus = (state = "visible") => {
    document.visibilityState = state;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  const receive = (data: unknown) => {
    for (const channel of channels)
      if (!channel.closed) channel.onmessage?.(new MessageEvent("message", { data }));
  };
  return { platform, timers, navigator, posted, channels, focus, receive };
}

// Resolves on the store's next change; event-driven refetches are not awaited by their trigger.
const changed = (store: SessionStore) =>
  new Promise<void>((resolve) => {
    const off = store.subscribe(() => {
      off();
      resolve();
    });
  });

describe("createSessionStore", () => {
  it("starts authenticated with an initial session and does not fetch", () => {
    const { client, reads } = fakeClient(null);
    const store = createSessionStore(client, alice);
    const stop = store.start({}, fakePlatform().platform);
    assert.deepEqual(store.getSnapshot().data, alice);
    assert.equal(store.getSnapshot().status, "authenticated");
    assert.equal(reads(), 0);
    stop();
  });

  it("narrows on status under strict TypeScript: authenticated has a Session, unauthenticated null (the README's example)", () => {
    // Compiled by `tsc --strict` (npm test's type check): were `data` still `Session | null` after the
    // check, `state.data.user` would not compile.
    const name = (state: SessionState) => (state.status === "authenticated" ? state.data.user?.name : null);
    const signedOut = (state: SessionState): null | undefined =>
      state.status === "unauthenticated" ? state.data : undefined;
    assert.equal(name(createSessionStore(fakeClient().client, alice).getSnapshot()), "Alice");
    assert.equal(signedOut(createSessionStore(fakeClient().client, null).getSnapshot()), null);
    assert.equal(createSessionStore(fakeClient().client).getSnapshot().status, "loading");
  });

  it("an initial null session is unauthenticated, not loading", () => {
    const store = createSessionStore(fakeClient().client, null);
    assert.equal(store.getSnapshot().status, "unauthenticated");
  });

  it("loads on start when no session was given and broadcasts what it found", async () => {
    const { client, reads } = fakeClient(alice);
    const fake = fakePlatform();
    const store = createSessionStore(client);
    assert.equal(store.getSnapshot().status, "loading");
    const done = changed(store);
    const stop = store.start({}, fake.platform);
    await done;
    assert.equal(reads(), 1);
    assert.equal(store.getSnapshot().status, "authenticated");
    assert.deepEqual((fake.posted[0] as { data: unknown }).data, { trigger: "getSession" });
    stop();
  });

  it("keeps one snapshot object between changes (useSyncExternalStore needs it)", () => {
    const store = createSessionStore(fakeClient().client, alice);
    assert.equal(store.getSnapshot(), store.getSnapshot());
  });

  it("refetches when the page becomes visible, only while signed in", async () => {
    const { client, reads } = fakeClient({ ...alice, expires: "2999-02-01T00:00:00.000Z" });
    const fake = fakePlatform();
    const store = createSessionStore(client, alice);
    const stop = store.start({}, fake.platform);

    fake.focus("hidden");
    assert.equal(reads(), 0);
    const done = changed(store);
    fake.focus();
    assert.equal(reads(), 1);
    await done;
    assert.equal(store.getSnapshot().data?.expires, "2999-02-01T00:00:00.000Z");
    // Only `expires` moved: not news for the other tabs.
    assert.deepEqual(fake.posted, []);
    stop();

    const signedOut = createSessionStore(client, null);
    const stop2 = signedOut.start({}, fake.platform);
    fake.focus();
    assert.equal(reads(), 1);
    stop2();
  });

  it("refetchOnWindowFocus: false ignores focus", () => {
    const { client, reads } = fakeClient(alice);
    const fake = fakePlatform();
    const stop = createSessionStore(client, alice).start({ refetchOnWindowFocus: false }, fake.platform);
    fake.focus();
    assert.equal(reads(), 0);
    stop();
  });

  it("polls every refetchInterval seconds while signed in", async () => {
    const { client, reads } = fakeClient(null);
    const fake = fakePlatform();
    const store = createSessionStore(client, alice);
    const stop = store.start({ refetchInterval: 300 }, fake.platform);
    const [timer] = fake.timers.values();
    assert.equal(timer?.ms, 300_000);

    const done = changed(store);
    timer?.callback();
    await done;
    assert.equal(store.getSnapshot().status, "unauthenticated");
    // The session ended here: the other tabs are told.
    assert.equal(fake.posted.length, 1);
    timer?.callback();
    assert.equal(reads(), 1, "no polling while signed out");
    stop();
    assert.equal(fake.timers.size, 0);
  });

  it("refetchInterval 0 sets no timer", () => {
    const fake = fakePlatform();
    createSessionStore(fakeClient().client, alice).start({}, fake.platform)();
    assert.equal(fake.timers.size, 0);
  });

  it("refetchWhenOffline: false skips polls while offline", () => {
    const { client, reads } = fakeClient(alice);
    const fake = fakePlatform();
    const stop = createSessionStore(client, alice).start(
      { refetchInterval: 10, refetchWhenOffline: false },
      fake.platform,
    );
    fake.navigator.onLine = false;
    for (const timer of fake.timers.values()) timer.callback();
    assert.equal(reads(), 0);
    fake.navigator.onLine = true;
    for (const timer of fake.timers.values()) timer.callback();
    assert.equal(reads(), 1);
    stop();
  });

  it("a cross-tab message refetches even when signed out, without re-broadcasting", async () => {
    const { client, reads } = fakeClient(alice);
    const fake = fakePlatform();
    const store = createSessionStore(client, null);
    const stop = store.start({}, fake.platform);
    assert.equal(fake.channels[0]?.name, "gatehouse");

    fake.receive({ nonsense: true });
    fake.receive({ event: "other", data: {} });
    assert.equal(reads(), 0);
    const done = changed(store);
    fake.receive({ event: "session", data: { trigger: "getSession" }, timestamp: 1 });
    await done;
    assert.equal(reads(), 1);
    assert.equal(store.getSnapshot().status, "authenticated");
    assert.deepEqual(fake.posted, []);
    stop();
  });

  it("stop detaches every listener", () => {
    const { client, reads } = fakeClient(alice);
    const fake = fakePlatform();
    createSessionStore(client, alice).start({ refetchInterval: 5 }, fake.platform)();
    fake.focus();
    fake.receive({ event: "session", data: { trigger: "signout" } });
    assert.equal(reads(), 0);
    assert.equal(fake.channels[0]?.closed, true);
    assert.equal(fake.timers.size, 0);
  });

  it("an older answer that arrives last does not overwrite a newer one", async () => {
    const resolvers: Array<(session: Session | null) => void> = [];
    const client: AuthClient = {
      ...fakeClient().client,
      getSession: () => new Promise((resolve) => resolvers.push(resolve)),
    };
    const store = createSessionStore(client, alice);
    const first = store.refetch("message");
    const second = store.refetch("message");
    resolvers[1]?.(null);
    await second;
    resolvers[0]?.(alice);
    await first;
    assert.equal(store.getSnapshot().data, null);
  });

  describe("update", () => {
    it("is a no-op while loading or signed out", async () => {
      const { client, updates } = fakeClient();
      assert.equal(await createSessionStore(client).getSnapshot().update({ a: 1 }), null);
      assert.equal(await createSessionStore(client, null).getSnapshot().update({ a: 1 }), null);
      assert.deepEqual(updates, []);
    });

    it("is loading during the call, then replaces the session and broadcasts", async () => {
      const { client, updates } = fakeClient();
      const fake = fakePlatform();
      const store = createSessionStore(client, alice);
      const stop = store.start({}, fake.platform);
      const pending = store.getSnapshot().update({ name: "Alicia" });
      assert.equal(store.getSnapshot().status, "loading");
      assert.deepEqual(store.getSnapshot().data, alice);
      const session = await pending;
      assert.equal(session?.user?.name, "Alicia");
      assert.deepEqual(updates, [{ name: "Alicia" }]);
      assert.equal(store.getSnapshot().status, "authenticated");
      assert.equal(store.getSnapshot().data?.user?.name, "Alicia");
      assert.deepEqual((fake.posted[0] as { data: unknown }).data, { trigger: "getSession" });
      stop();
    });

    it("keeps the session when the server refuses", async () => {
      const client: AuthClient = { ...fakeClient().client, updateSession: async () => null };
      const store = createSessionStore(client, alice);
      assert.equal(await store.getSnapshot().update({}), null);
      assert.equal(store.getSnapshot().data, alice);
      assert.equal(store.getSnapshot().status, "authenticated");
    });
  });
});

describe("createSessionStore against the protocol server, real BroadcastChannel", () => {
  let server: ProtocolServer;
  beforeEach(async () => {
    server = await startProtocolServer();
  });
  afterEach(() => server.close());

  it("signIn and signOut in this tab reach the store; its own broadcasts do not loop back", async () => {
    const jar = createCookieJar();
    const client = createAuthClient({ baseUrl: server.origin, fetch: jar.fetch, navigate: () => {} });
    const store = createSessionStore(client);
    const platform: Platform = { BroadcastChannel, setInterval, clearInterval };
    let loaded = changed(store);
    const stop = store.start({}, platform);
    await loaded;
    assert.equal(store.getSnapshot().status, "unauthenticated");
    const sessionReads = () => server.requests.filter((request) => request.path.endsWith("/session")).length;
    assert.equal(sessionReads(), 1);

    loaded = changed(store);
    await client.signIn("credentials", { username: "alice", password: "secret", redirect: false });
    await loaded;
    assert.equal(store.getSnapshot().data?.user?.name, "Alice");

    loaded = changed(store);
    await client.signOut({ redirect: false });
    await loaded;
    assert.equal(store.getSnapshot().status, "unauthenticated");
    // initial + one per message; the store's own "getSession" broadcast after loading came not back.
    assert.equal(sessionReads(), 3);
    stop();
  });
});
