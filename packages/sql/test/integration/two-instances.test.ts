import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type Adapter, gatehouse } from "@gatehouse/core";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  sessionOf,
  sessionTokenSet,
  sha256hex,
  signIn,
  signOut,
  TestBrowser,
} from "../../../core/test/support/flows.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

const grace = { id: crypto.randomUUID(), name: "Grace Hopper", email: "grace@example.test" };

// Two app processes behind one load balancer share nothing but the database (and the secret).
for (const kind of await databasesFor("two instances", "PostgreSQL")) {
  describe(`two gatehouse instances on one ${kind.name} database`, () => {
    let db: TestDatabase;
    let first: (request: Request) => Promise<Response>;
    let second: (request: Request) => Promise<Response>;
    const logger = recordingLogger();

    before(async () => {
      db = await kind.open();
      const instance = (adapter: Adapter) =>
        gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter,
          providers: [people({ grace })],
          callbacks: exposeUserId,
          logger,
        }).handler;
      first = instance(db.adapter);
      second = instance(db.connect());
    });
    after(() => db.close());

    /** The same browser (cookie jar) as seen by another instance. */
    function onInstance(handler: (request: Request) => Promise<Response>, from: TestBrowser): TestBrowser {
      const moved = new TestBrowser(handler);
      for (const [name, value] of from.jar) moved.jar.set(name, value);
      return moved;
    }

    test("a session made on the first instance is valid on the second", async () => {
      const onFirst = new TestBrowser(first);
      const token = sessionTokenSet(await signIn(onFirst, "grace"));
      assert.ok(token);
      const here = await sessionOf(onFirst);
      const there = await sessionOf(onInstance(second, onFirst));
      assert.equal(there.user?.email, grace.email);
      assert.equal(there.user?.id, here.user?.id);
      assert.deepEqual(logger.lines, []);
    });

    test("signing out on the second instance signs the browser out on the first", async () => {
      const onFirst = new TestBrowser(first);
      const token = sessionTokenSet(await signIn(onFirst, "grace"));
      assert.ok(token);
      const onSecond = onInstance(second, onFirst);
      assert.ok((await sessionOf(onSecond)).user);

      const out = await signOut(onSecond);
      assert.equal(out.status, 302);
      const hash = await sha256hex(token);
      assert.equal(
        (await db.sessions()).find((row) => row.hash === hash),
        undefined,
        "row deleted",
      );
      // The first instance still holds the old cookie: the database alone decides.
      assert.deepEqual(await sessionOf(onFirst), {});
      assert.deepEqual(logger.lines, []);
    });
  });
}
