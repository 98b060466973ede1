import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { databaseSessionsApp, garbageCookieCase, MAX_AGE, UPDATE_AGE } from "./support/database-sessions.ts";
import {
  APP,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  setCookie,
  sha256hex,
  signIn,
  signOut,
} from "./support/flows.ts";

describe("database sessions on the memory adapter", () => {
  const adapter = createMemoryAdapter();
  const sessions = databaseSessionsApp(() => adapter);
  const { ada, clock, logger, browser, signedIn } = sessions;

  async function rowOf(hash: string) {
    return adapter.tables().sessions.find((row) => row.sessionToken === hash);
  }

  test("sign-in stores only the SHA-256 of a 43-character token; GET session returns the stored user", async () => {
    const { app, token, hash } = await signedIn();
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const rows = adapter.tables().sessions;
    assert.ok(rows.length > 0);
    for (const row of rows) assert.notEqual(row.sessionToken, token, "the token itself is never stored");
    const row = await rowOf(hash);
    assert.ok(row, "the row is keyed by sha256hex(token)");
    assert.equal(row.expires.getTime(), clock.now + MAX_AGE);

    const stored = await adapter.getUserByAccount({
      provider: "credentials",
      providerAccountId: ada.id,
    });
    assert.ok(stored, "account resolution created the user and its credentials account");
    assert.equal(row.userId, stored.id);
    const session = await sessionOf(app);
    assert.deepEqual(session.user, { name: ada.name, email: ada.email, image: null, id: stored.id });
    assert.equal(session.expires, new Date(clock.now + MAX_AGE).toISOString());
    assert.deepEqual(logger.lines, []);
  });

  test("no write within update age; the expiry is pushed once update age has passed", async () => {
    const { app, token, hash } = await signedIn();
    const issued = clock.now;

    clock.now = issued + UPDATE_AGE - 1000;
    const early = await app.request("/api/auth/session");
    assert.equal(early.status, 200);
    assert.equal(setCookie(early, SESSION_COOKIE), undefined, "no cookie re-issued");
    assert.equal((await rowOf(hash))?.expires.getTime(), issued + MAX_AGE, "row untouched");

    clock.now = issued + UPDATE_AGE + 1000;
    const late = await app.request("/api/auth/session");
    assert.equal(
      ((await late.json()) as { expires: string }).expires,
      new Date(clock.now + MAX_AGE).toISOString(),
    );
    assert.equal((await rowOf(hash))?.expires.getTime(), clock.now + MAX_AGE, "row extended");
    assert.equal(sessionTokenSet(late), token, "same token, fresh cookie expiry");
  });

  test("an expired session is deleted on read and answers {}", async () => {
    const { app, hash } = await signedIn();
    clock.now += MAX_AGE + 1000;
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

  // Twin of the SQL suite's "deleting the row in SQL": nothing in core caches a database session.
  test("revocation is immediate: deleting the row signs the browser out at once", async () => {
    const { app, hash } = await signedIn();
    assert.ok((await sessionOf(app)).user);
    await adapter.deleteSession(hash);
    assert.deepEqual(await sessionOf(app), {});
  });

  garbageCookieCase(sessions);

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
