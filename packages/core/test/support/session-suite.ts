import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, Password, type SessionInfo } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, recordingLogger, SECRET, sessionOf, sessionTokenSet, TestBrowser } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { PASSWORD, seedPasswordUser } from "./seed.ts";

/** Past the 1 s for which an instance trusts a user's list of live jwt sessions. */
const CACHE_MS = 1000;

/** What the suite calls on storage directly. */
export type SessionSuiteAdapter = Adapter &
  Required<Pick<Adapter, "createUser" | "setPasswordHash" | "listSessionRecords" | "getSessionsValidAfter">>;

function sessionApp(adapter: SessionSuiteAdapter, strategy: "jwt" | "database") {
  const clock = { now: Date.UTC(2026, 2, 2, 9, 0, 0) };
  /** An app instance; a second one shares storage and clock but nothing in memory (its caches). */
  const instance = () =>
    gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter,
      session: { strategy },
      providers: [Password({ sendMail: async () => {} })],
      logger: recordingLogger(),
      now: () => clock.now,
    });
  const auth = instance();
  /** A browser with its own address and User-Agent, as another device. */
  const device = browsers(auth.handler, (n) => `198.51.100.${n}`);
  const seedUser = (email: string) => seedPasswordUser(adapter, email, { now: clock.now });
  return { instance, clock, device, seedUser };
}

async function signIn(browser: TestBrowser, email: string): Promise<void> {
  const csrfToken = await browser.csrf();
  const answer = await browser.request("/api/auth/callback/password", {
    form: { csrfToken, callbackUrl: `${APP}/home`, email, password: PASSWORD },
  });
  assert.ok(sessionTokenSet(answer), `signed in (${answer.status})`);
}

async function listSessions(browser: TestBrowser): Promise<{ status: number; sessions: SessionInfo[] }> {
  const response = await browser.request("/api/auth/sessions");
  const body = (await response.json()) as { sessions?: SessionInfo[] };
  return { status: response.status, sessions: body.sessions ?? [] };
}

async function post(browser: TestBrowser, action: string, fields: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  const response = await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...fields } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signedIn(browser: TestBrowser): Promise<boolean> {
  return (await sessionOf(browser)).user !== undefined;
}

/**
 * Sessions a user can see and end, through the handler, on the storage `open` gives and on both
 * strategies: the list (devices, addresses, method, current), revoking one, all others, everywhere,
 * and the jwt strategy's revocation reaching the token within the 1 s cache.
 */
export function sessionSuite(label: string, open: () => Promise<OpenedStorage<SessionSuiteAdapter>>): void {
  for (const strategy of ["jwt", "database"] as const) {
    describe(`${label} (${strategy} sessions)`, () => {
      const storage = freshStorage(open);
      const app = async () => sessionApp(await storage(), strategy);
      /** After a revocation: database sessions end at once, jwt ones once the 1 s cache has passed. */
      const settle = (clock: { now: number }) => {
        if (strategy === "jwt") clock.now += CACHE_MS;
      };

      test("lists every device's session with its address, browser and method; marks the current one", async () => {
        const { clock, device, seedUser } = await app();
        const email = "ada@example.test";
        await seedUser(email);
        const laptop = device("Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0");
        const phone = device("Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1");
        await signIn(laptop, email);
        clock.now += 60_000;
        await signIn(phone, email);

        const fromLaptop = await listSessions(laptop);
        assert.equal(fromLaptop.status, 200);
        assert.equal(fromLaptop.sessions.length, 2);
        const [newest, oldest] = fromLaptop.sessions;
        assert.equal(
          newest?.userAgent,
          "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1",
        );
        assert.equal(newest?.current, false);
        assert.equal(oldest?.current, true, "the laptop's own session");
        assert.equal(oldest?.ip, "198.51.100.1");
        assert.equal(newest?.ip, "198.51.100.2");
        assert.equal(oldest?.method, "password");
        assert.equal(oldest?.secondFactor, null, "the password alone: no second factor");
        assert.equal(oldest?.createdAt, new Date(clock.now - 60_000).toISOString());
        const fromPhone = await listSessions(phone);
        assert.deepEqual(
          fromPhone.sessions.map((session) => session.current),
          [true, false],
        );
        for (const session of fromLaptop.sessions) {
          assert.match(session.id, /^[0-9a-f]{32}$/);
          assert.doesNotMatch(JSON.stringify(session), /token|hash/i);
        }

        const anonymous = await listSessions(device("curl/8"));
        assert.equal(anonymous.status, 401);
      });

      test("revoking another device's session signs that device out; this one stays", async () => {
        const { clock, device, seedUser } = await app();
        const email = "grace@example.test";
        await seedUser(email);
        const laptop = device("Laptop");
        const phone = device("Phone");
        await signIn(laptop, email);
        await signIn(phone, email);
        const phoneSession = (await listSessions(laptop)).sessions.find((session) => !session.current);
        assert.ok(phoneSession);

        const revoked = await post(laptop, "session-revoke", { id: phoneSession.id });
        assert.deepEqual(revoked.body, { ok: true, current: false });
        settle(clock);
        assert.equal(await signedIn(phone), false, "the phone is signed out");
        assert.equal(await signedIn(laptop), true, "the laptop is not");
        assert.equal((await listSessions(laptop)).sessions.length, 1);

        const again = await post(laptop, "session-revoke", { id: phoneSession.id });
        assert.equal(again.status, 404);
        assert.equal(again.body.error, "SessionNotFound");
      });

      test("a jwt revocation holds on another instance within a second; a database one at once", async () => {
        const { instance, clock, device, seedUser } = await app();
        const email = "instances@example.test";
        await seedUser(email);
        const laptop = device("Laptop");
        const phone = device("Phone");
        await signIn(laptop, email);
        await signIn(phone, email);
        // The phone's requests go to a second instance over the same storage, which has read the
        // phone's session (and so cached the user's live sessions) before the revocation.
        const second = instance();
        const phoneOnSecond = new TestBrowser((request) =>
          second.handler(request, { clientAddress: "198.51.100.9" }),
        );
        for (const [name, value] of phone.jar) phoneOnSecond.jar.set(name, value);
        assert.equal(await signedIn(phoneOnSecond), true);
        const phoneSession = (await listSessions(laptop)).sessions.find((session) => !session.current);
        await post(laptop, "session-revoke", { id: phoneSession!.id });
        if (strategy === "jwt") {
          clock.now += CACHE_MS - 1;
          assert.equal(await signedIn(phoneOnSecond), true, "still cached on the second instance");
          clock.now += 1;
        }
        assert.equal(await signedIn(phoneOnSecond), false);
      });

      test("a session signed in on one instance is valid at once on another that cached the user's sessions just before", async () => {
        // Issue 22, item 9: the second instance's cached list predates the new session; it must ask
        // storage rather than answer `{}` and clear the new cookie.
        const { instance, clock, device, seedUser } = await app();
        const email = "fresh@example.test";
        await seedUser(email);
        const laptop = device("Laptop");
        await signIn(laptop, email);
        const second = instance();
        const onSecond = (from: TestBrowser) => {
          const moved = new TestBrowser((request) => second.handler(request));
          for (const [name, value] of from.jar) moved.jar.set(name, value);
          return moved;
        };
        assert.equal(
          await signedIn(onSecond(laptop)),
          true,
          "the second instance caches the user's sessions",
        );
        clock.now += 300;
        const phone = device("Phone");
        await signIn(phone, email);
        const phoneOnSecond = onSecond(phone);
        assert.equal(await signedIn(phoneOnSecond), true, "the new session, at once");
        assert.ok(phoneOnSecond.jar.has("gatehouse.session-token"), "its cookie kept");
        // Revoked, the phone's token is refused there within the second as before.
        const phoneSession = (await listSessions(laptop)).sessions.find((session) => !session.current);
        await post(laptop, "session-revoke", { id: phoneSession!.id });
        settle(clock);
        assert.equal(await signedIn(phoneOnSecond), false);
        assert.equal(await signedIn(onSecond(laptop)), true);
      });

      test("revoking the current session signs this browser out", async () => {
        const { device, seedUser } = await app();
        const email = "self@example.test";
        await seedUser(email);
        const laptop = device("Laptop");
        await signIn(laptop, email);
        const [own] = (await listSessions(laptop)).sessions;
        const revoked = await post(laptop, "session-revoke", { id: own!.id });
        assert.deepEqual(revoked.body, { ok: true, current: true });
        assert.equal(await signedIn(laptop), false);
      });

      test("another user's session id is not found, and nothing ends", async () => {
        const { device, seedUser } = await app();
        await seedUser("one@example.test");
        await seedUser("two@example.test");
        const one = device("One");
        const two = device("Two");
        await signIn(one, "one@example.test");
        await signIn(two, "two@example.test");
        const [twoSession] = (await listSessions(two)).sessions;
        const refused = await post(one, "session-revoke", { id: twoSession!.id });
        assert.equal(refused.status, 404);
        assert.equal(await signedIn(two), true);
        const garbage = await post(one, "session-revoke", { id: "x".repeat(500) });
        assert.equal(garbage.body.error, "SessionNotFound");
      });

      test("revoke all others, then sign out everywhere", async () => {
        const { clock, device, seedUser } = await app();
        const email = "many@example.test";
        await seedUser(email);
        const browsers = ["A", "B", "C"].map((name) => device(name));
        for (const browser of browsers) await signIn(browser, email);
        const [a, b, c] = browsers as [TestBrowser, TestBrowser, TestBrowser];

        const others = await post(a, "sessions-revoke-others");
        assert.deepEqual(others.body, { ok: true, revoked: 2 });
        settle(clock);
        assert.equal(await signedIn(a), true);
        assert.equal(await signedIn(b), false);
        assert.equal(await signedIn(c), false);

        await signIn(b, email);
        const everywhere = await post(b, "signout-everywhere");
        assert.deepEqual(everywhere.body, { ok: true, revoked: 2 });
        settle(clock);
        assert.equal(await signedIn(a), false);
        assert.equal(await signedIn(b), false);
      });

      test("GET activity: the user's own entries, newest first, a page at a time; nobody else's", async () => {
        const { clock, device, seedUser } = await app();
        await seedUser("act@example.test");
        await seedUser("other@example.test");
        const laptop = device("Laptop");
        const phone = device("Phone");
        await signIn(laptop, "act@example.test");
        clock.now += 1000;
        await signIn(phone, "act@example.test");
        clock.now += 1000;
        await signIn(device("Elsewhere"), "other@example.test");
        const phoneSession = (await listSessions(laptop)).sessions.find((session) => !session.current);
        clock.now += 1000;
        await post(laptop, "session-revoke", { id: phoneSession!.id });

        type Entry = {
          kind: string;
          ip: string | null;
          userAgent: string | null;
          byYou: boolean;
          at: string;
        };
        const first = await laptop.request("/api/auth/activity?limit=2");
        const page1 = (await first.json()) as { entries: Entry[]; next: string | null };
        assert.deepEqual(
          page1.entries.map((entry) => entry.kind),
          ["session-revoked", "sign-in"],
        );
        assert.equal(page1.entries[0]?.userAgent, "Laptop");
        assert.equal(page1.entries[0]?.byYou, true);
        assert.equal(page1.entries[1]?.userAgent, "Phone");
        assert.ok(page1.next);
        const second = await laptop.request(
          `/api/auth/activity?limit=2&cursor=${encodeURIComponent(page1.next!)}`,
        );
        const page2 = (await second.json()) as { entries: Entry[]; next: string | null };
        assert.deepEqual(
          page2.entries.map((entry) => [entry.kind, entry.userAgent]),
          [["sign-in", "Laptop"]],
        );
        assert.equal(page2.next, null);

        const onlyRevoked = await laptop.request("/api/auth/activity?kind=session-revoked");
        assert.equal(((await onlyRevoked.json()) as { entries: Entry[] }).entries.length, 1);
        for (const bad of ["?limit=0", "?limit=101", "?kind=nope", "?cursor=garbage"]) {
          const refused = await laptop.request(`/api/auth/activity${bad}`);
          assert.equal(refused.status, 400, bad);
        }
        assert.equal((await device("Anon").request("/api/auth/activity")).status, 401);
      });

      test("last active moves when the token is renewed (at most once per update age)", async () => {
        const { clock, device, seedUser } = await app();
        await seedUser("active@example.test");
        const laptop = device("Laptop");
        await signIn(laptop, "active@example.test");
        const signedInAt = clock.now;
        clock.now += 60 * 60_000; // an hour: within the update age (a day), nothing is written
        await sessionOf(laptop);
        assert.equal(
          (await listSessions(laptop)).sessions[0]?.lastActiveAt,
          new Date(signedInAt).toISOString(),
        );
        clock.now += 24 * 60 * 60_000; // past the update age: renewed, and the record with it
        await sessionOf(laptop);
        const [session] = (await listSessions(laptop)).sessions;
        assert.equal(session?.lastActiveAt, new Date(clock.now).toISOString());
        assert.ok(new Date(session!.expires).getTime() > clock.now + 29 * 24 * 60 * 60_000);
      });
    });
  }
}
