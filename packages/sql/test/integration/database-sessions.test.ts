import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { type GatehouseOptions, gatehouse } from "@gatehouse/core";
import { databasesFor, type TestDatabase } from "./databases.ts";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  setCookie,
  sha256hex,
  signIn,
  signOut,
  TestBrowser,
} from "./flows.ts";

const DAY = 86_400_000;
const MAX_AGE = 30 * DAY;
const UPDATE_AGE = DAY;
const ada = { id: crypto.randomUUID(), name: "Ada Lovelace", email: "ada@example.test" };

for (const kind of await databasesFor("database sessions")) {
  describe(`database sessions on ${kind.name}`, () => {
    let db: TestDatabase;
    let clock = Date.now();
    const logger = recordingLogger();

    before(async () => {
      db = await kind.open();
    });
    after(() => db.close());
    beforeEach(() => {
      clock = Date.now();
      logger.lines.length = 0;
    });

    function browser(overrides: Partial<GatehouseOptions> = {}): TestBrowser {
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: db.adapter,
        providers: [people({ ada })],
        callbacks: exposeUserId,
        session: { maxAge: MAX_AGE / 1000, updateAge: UPDATE_AGE / 1000 },
        now: () => clock,
        logger,
        ...overrides,
      });
      return new TestBrowser(auth.handler);
    }

    async function signedIn(): Promise<{ app: TestBrowser; token: string; hash: string }> {
      const app = browser();
      const response = await signIn(app, "ada");
      assert.equal(response.status, 302);
      assert.equal(response.headers.get("location"), `${APP}/dashboard`);
      const token = sessionTokenSet(response);
      assert.ok(token, "a session cookie is set");
      return { app, token, hash: await sha256hex(token) };
    }

    async function rowOf(hash: string) {
      return (await db.sessions()).find((row) => row.hash === hash);
    }

    test("sign-in stores only the SHA-256 of a 43-character token; GET session returns the stored user", async () => {
      const { app, token, hash } = await signedIn();
      assert.match(token, /^[A-Za-z0-9_-]{43}$/);
      const rows = await db.sessions();
      assert.ok(rows.length > 0);
      for (const row of rows) assert.notEqual(row.hash, token, "the token itself is never stored");
      const row = await rowOf(hash);
      assert.ok(row, "the row is keyed by sha256hex(token)");
      assert.equal(row.expires.getTime(), clock + MAX_AGE);

      const stored = await db.adapter.getUserByAccount({
        provider: "credentials",
        providerAccountId: ada.id,
      });
      assert.ok(stored, "account resolution created the user and its credentials account");
      assert.equal(row.userId, stored.id);
      const session = await sessionOf(app);
      assert.deepEqual(session.user, { name: ada.name, email: ada.email, image: null, id: stored.id });
      assert.equal(session.expires, new Date(clock + MAX_AGE).toISOString());
      assert.deepEqual(logger.lines, []);
    });

    test("no write within update age; the expiry is pushed once update age has passed", async () => {
      const { app, token, hash } = await signedIn();
      const issued = clock;

      clock = issued + UPDATE_AGE - 1000;
      const early = await app.request("/api/auth/session");
      assert.equal(early.status, 200);
      assert.equal(setCookie(early, SESSION_COOKIE), undefined, "no cookie re-issued");
      assert.equal((await rowOf(hash))?.expires.getTime(), issued + MAX_AGE, "row untouched");

      clock = issued + UPDATE_AGE + 1000;
      const late = await app.request("/api/auth/session");
      assert.equal(
        ((await late.json()) as { expires: string }).expires,
        new Date(clock + MAX_AGE).toISOString(),
      );
      assert.equal((await rowOf(hash))?.expires.getTime(), clock + MAX_AGE, "row extended");
      assert.equal(sessionTokenSet(late), token, "same token, fresh cookie expiry");
    });

    test("an expired session is deleted on read and answers {}", async () => {
      const { app, hash } = await signedIn();
      clock += MAX_AGE + 1000;
      const response = await app.request("/api/auth/session");
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), {});
      assert.match(setCookie(response, SESSION_COOKIE) ?? "", /Max-Age=0/i, "cookie cleared");
      assert.equal(await rowOf(hash), undefined, "row deleted");
    });

    test("sign-out deletes the row and the cookie", async () => {
      const { app, hash } = await signedIn();
      const response = await signOut(app);
      assert.equal(response.status, 302);
      assert.equal(response.headers.get("location"), `${APP}/bye`);
      assert.match(setCookie(response, SESSION_COOKIE) ?? "", /Max-Age=0/i);
      assert.equal(await rowOf(hash), undefined);
      assert.deepEqual(await sessionOf(app), {});
    });

    test("revocation is immediate: deleting the row in SQL signs the browser out at once", async () => {
      const { app, hash } = await signedIn();
      assert.ok((await sessionOf(app)).user);
      await db.adapter.db.kysely.deleteFrom("gh_sessions").where("session_token_hash", "=", hash).execute();
      assert.deepEqual(await sessionOf(app), {});
    });

    test("garbage and forged cookies answer {} and clear the cookie, without a storage error", async () => {
      const forged = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
      const { hash } = await signedIn();
      for (const value of ["garbage", forged, hash, "' OR 1=1 --", "x".repeat(3000), `${forged}=`]) {
        const app = browser();
        app.jar.set(SESSION_COOKIE, value);
        const response = await app.request("/api/auth/session");
        assert.equal(response.status, 200, value);
        assert.deepEqual(await response.json(), {}, value);
        assert.match(setCookie(response, SESSION_COOKIE) ?? "", /Max-Age=0/i, value);
      }
      assert.deepEqual(logger.lines, [], "nothing reached the database as an error");
    });

    test("a new sign-in issues a new token and deletes the previous session row (no fixation)", async () => {
      const { app, token, hash } = await signedIn();
      const again = await signIn(app, "ada");
      const next = sessionTokenSet(again);
      assert.ok(next);
      assert.notEqual(next, token);
      assert.equal(await rowOf(hash), undefined, "the previous row is gone");
      assert.ok(await rowOf(await sha256hex(next)));
      const stale = browser();
      stale.jar.set(SESSION_COOKIE, token);
      assert.deepEqual(await sessionOf(stale), {}, "the old token no longer works");
    });
  });
}
