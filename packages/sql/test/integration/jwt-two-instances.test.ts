import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Adapter, gatehouse } from "@gatehouse/core";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  signIn,
  TestBrowser,
} from "../../../core/test/support/flows.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

/** Past the 1 s for which an instance trusts a user's list of live jwt sessions. */
const CACHE_MS = 1000;

type Handler = (request: Request) => Promise<Response>;

/** The same browser (cookie jar) as seen by another instance behind the load balancer. */
function onInstance(handler: Handler, from: TestBrowser): TestBrowser {
  const moved = new TestBrowser(handler);
  for (const [name, value] of from.jar) moved.jar.set(name, value);
  return moved;
}

// Two app processes behind one load balancer share nothing but the database (and the secret): each
// has its own caches of a user's live jwt sessions (issue 22, item 9).
for (const kind of await databasesFor("jwt sessions on two instances")) {
  describe(`jwt sessions on two gatehouse instances over one ${kind.name} database`, () => {
    let db: TestDatabase;
    let second: Adapter;
    let grace: { id: string; name: string; email: string };
    const logger = recordingLogger();

    before(async () => {
      db = await kind.open();
      second = db.connect();
      const user = await db.adapter.createUser({
        email: "grace@example.test",
        emailVerified: new Date(),
        name: "Grace Hopper",
        image: null,
      });
      grace = { id: user.id, name: "Grace Hopper", email: "grace@example.test" };
    });
    after(() => db.close());

    /** An instance on its own adapter (connection), with its own clock. */
    function instance(adapter: Adapter, clock: () => number = Date.now): Handler {
      return gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter,
        session: { strategy: "jwt" },
        providers: [people({ grace })],
        callbacks: exposeUserId,
        logger,
        now: clock,
      }).handler;
    }

    /**
     * The attack on availability: a browser signs in on A and its very next request reaches B, which
     * read the user's live sessions (for another of their devices) a moment before the sign-in. B
     * must not answer `{}` and clear the new session's cookie because its cached list predates it.
     */
    async function signInOnAReadOnB(a: Handler, b: Handler, rounds: number): Promise<void> {
      const laptop = new TestBrowser(a);
      assert.ok(sessionTokenSet(await signIn(laptop, "grace")));
      const laptopOnB = onInstance(b, laptop);
      for (let round = 0; round < rounds; round++) {
        // B reads (and caches) the user's live sessions through the laptop's session…
        assert.equal((await sessionOf(laptopOnB)).user?.email, grace.email, `laptop, round ${round}`);
        // …then a new device signs in on A and goes straight to B.
        const phone = new TestBrowser(a);
        const token = sessionTokenSet(await signIn(phone, "grace"));
        assert.ok(token, `signed in on A, round ${round}`);
        const phoneOnB = onInstance(b, phone);
        const session = await sessionOf(phoneOnB);
        assert.equal(session.user?.email, grace.email, `the new session is valid on B, round ${round}`);
        assert.equal(phoneOnB.jar.get(SESSION_COOKIE), token, `B kept the cookie, round ${round}`);
      }
      assert.deepEqual(logger.lines, []);
    }

    test("a session signed in on A is valid on B at once, though B cached the user's sessions just before", async () => {
      await signInOnAReadOnB(instance(db.adapter), instance(second), 25);
    });

    test("the same when B's clock runs 2 s ahead of A's, or 2 s behind", async () => {
      await signInOnAReadOnB(
        instance(db.adapter),
        instance(second, () => Date.now() + 2000),
        10,
      );
      await signInOnAReadOnB(
        instance(db.adapter),
        instance(second, () => Date.now() - 2000),
        10,
      );
    });

    test("after signing out everywhere on A, a new sign-in on A is valid on B at once", async () => {
      // B has cached both what ends jwt sessions: the user's live ids and their "valid after" time.
      const a = instance(db.adapter);
      const b = instance(second);
      for (let round = 0; round < 10; round++) {
        const old = new TestBrowser(a);
        assert.ok(sessionTokenSet(await signIn(old, "grace")));
        const oldOnB = onInstance(b, old);
        assert.equal((await sessionOf(oldOnB)).user?.email, grace.email);
        const csrfToken = await old.csrf();
        const everywhere = await old.request("/api/auth/signout-everywhere", { json: { csrfToken } });
        assert.equal(everywhere.status, 200, `round ${round}`);

        const fresh = new TestBrowser(a);
        assert.ok(sessionTokenSet(await signIn(fresh, "grace")));
        const freshOnB = onInstance(b, fresh);
        assert.equal((await sessionOf(freshOnB)).user?.email, grace.email, `valid on B, round ${round}`);
      }
      assert.deepEqual(logger.lines, []);
    });

    test("a session revoked on A ends on B within a second; an old revoked token costs B no read per request", async () => {
      const clock = { now: Date.now() };
      const a = instance(db.adapter, () => clock.now);
      let reads = 0;
      // B's own connection, counting its reads of the user's live sessions.
      const counted = new Proxy(second, {
        get(target, name, receiver) {
          const value: unknown = Reflect.get(target, name, receiver);
          if (name !== "listSessionRecordIds" || typeof value !== "function") return value;
          return (...args: unknown[]) => {
            reads++;
            return Reflect.apply(value, target, args);
          };
        },
      });
      const b = instance(counted, () => clock.now);
      const laptop = new TestBrowser(a);
      const phone = new TestBrowser(a);
      assert.ok(sessionTokenSet(await signIn(laptop, "grace")));
      assert.ok(sessionTokenSet(await signIn(phone, "grace")));
      const phoneOnB = onInstance(b, phone);
      assert.equal((await sessionOf(phoneOnB)).user?.email, grace.email);

      const csrfToken = await phone.csrf();
      const out = await phone.request("/api/auth/signout", {
        form: { csrfToken, callbackUrl: `${APP}/bye` },
      });
      assert.equal(out.status, 302);
      clock.now += CACHE_MS - 1;
      assert.equal((await sessionOf(onInstance(b, phoneOnB))).user?.email, grace.email, "B's cache");
      clock.now += 1;
      assert.deepEqual(await sessionOf(onInstance(b, phoneOnB)), {}, "ended on B after 1 s");

      // Replayed later, the revoked token is refused from B's cached list: one read per second, as
      // for a valid session, not one per request.
      clock.now += 60_000;
      reads = 0;
      for (let i = 0; i < 20; i++) assert.deepEqual(await sessionOf(onInstance(b, phoneOnB)), {});
      assert.equal(reads, 1);
      assert.equal((await sessionOf(onInstance(b, laptop))).user?.email, grace.email, "the laptop's is live");
      assert.equal(reads, 1, "and answered from the same list");
      assert.deepEqual(logger.lines, []);
    });
  });
}
