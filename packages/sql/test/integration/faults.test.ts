import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { Credentials, gatehouse } from "@gatehouse/core";
import { sql } from "kysely";
import {
  APP,
  BASE,
  INTERNALS,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  setCookie,
  sha256hex,
  signIn,
  TestBrowser,
} from "../../../core/test/support/flows.ts";
import type { SqlAdapter } from "../../src/sql-adapter.ts";
import { StorageError } from "../../src/storage-error.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

const DAY = 86_400_000;
const SIGN_IN_STEPS = [
  "getUser",
  "getUserByAccount",
  "getUserByEmail",
  "createUserAndAccount",
  // With session records the sign-in writes its session through its record (one transaction).
  "createSessionRecord",
  "deleteSession",
] as const;
const SESSION_READ_STEPS = ["getSessionAndUser", "updateSession"] as const;
type Step = (typeof SIGN_IN_STEPS)[number] | (typeof SESSION_READ_STEPS)[number];

/**
 * The real adapter, except that one chosen method fails as the SQL adapter fails when the database is
 * down. Which one is read on every call, so a test can break and mend storage mid-flow.
 */
function breakable(adapter: SqlAdapter): { adapter: SqlAdapter; fail(step: Step | null): void } {
  let failing: Step | null = null;
  const proxy = new Proxy(adapter, {
    get(target, property, receiver) {
      if (property === failing) {
        return async () => {
          throw new StorageError("StorageUnavailable", {
            operation: String(property),
            driverCode: "ECONNREFUSED",
          });
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { adapter: proxy, fail: (step) => (failing = step) };
}

/** Makes every insert into `table` fail in the database itself, as a real mid-transaction fault. */
async function failInserts(
  adapter: SqlAdapter,
  table: "gh_accounts" | "gh_session_records",
): Promise<() => Promise<void>> {
  const { kysely, dialect } = adapter.db;
  const run = async (...statements: string[]) => {
    for (const statement of statements) await sql.raw(statement).execute(kysely);
  };
  if (dialect === "sqlite") {
    await run(`create trigger gh_it_fail before insert on ${table} begin select raise(abort, 'fault'); end`);
    return () => run("drop trigger gh_it_fail");
  }
  await run(
    `create function gh_it_fail() returns trigger language plpgsql as $$ begin raise exception 'fault' using errcode = '08006'; end $$`,
    `create trigger gh_it_fail before insert on ${table} for each row execute function gh_it_fail()`,
  );
  return () => run(`drop trigger gh_it_fail on ${table}`, "drop function gh_it_fail()");
}

for (const kind of await databasesFor("storage faults")) {
  describe(`storage failing mid-flow on ${kind.name}`, () => {
    let db: TestDatabase;
    let storage: ReturnType<typeof breakable>;
    let handler: (request: Request) => Promise<Response>;
    let clock = Date.now();
    const logger = recordingLogger();
    const everyone = new Map<string, { id: string; name: string; email: string }>();

    before(async () => {
      db = await kind.open();
      storage = breakable(db.adapter);
      handler = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: storage.adapter,
        providers: [
          Credentials({
            credentials: { username: { label: "User name" } },
            authorize: (c) => everyone.get(c.username ?? "") ?? null,
          }),
        ],
        now: () => clock,
        logger,
      }).handler;
    });
    after(() => db.close());
    beforeEach(() => {
      storage.fail(null);
      clock = Date.now();
    });

    /** A person nobody has stored yet, so signing in walks every step of account resolution. */
    function newcomer(): string {
      const id = crypto.randomUUID();
      everyone.set(id, { id, name: "Newcomer", email: `${id}@example.test` });
      return id;
    }

    async function assertUnavailablePage(response: Response) {
      assert.equal(response.status, 302);
      assert.equal(response.headers.get("location"), `${BASE}/error?error=StorageUnavailable`);
      const page = await new TestBrowser(handler).request(response.headers.get("location")!);
      assert.equal(page.status, 503);
      assert.doesNotMatch(await page.text(), INTERNALS, "no stack trace or internal name on the page");
    }

    for (const step of SIGN_IN_STEPS) {
      test(`sign-in with ${step} failing: StorageUnavailable, no session, no user without its account`, async () => {
        const name = newcomer();
        const browser = new TestBrowser(handler);
        // deleteSession runs only when the browser already has a session: the one a new sign-in ends.
        if (step === "deleteSession") assert.ok(sessionTokenSet(await signIn(browser, name)));
        const before = await db.count("gh_sessions");

        storage.fail(step);
        const response = await signIn(browser, name);
        assert.equal(setCookie(response, SESSION_COOKIE), undefined, "no session cookie set or cleared");
        await assertUnavailablePage(response);
        const json = await signIn(browser, name, { json: "true" });
        assert.equal(json.status, 503);
        const { url } = (await json.json()) as { url: string };
        assert.equal(url, `${BASE}/error?error=StorageUnavailable`);
        assert.equal(await db.count("gh_sessions"), before, "no session row written");
        assert.equal(await db.usersWithoutAccount(), 0, "no user left without its account");

        storage.fail(null);
        const retried = await signIn(new TestBrowser(handler), name);
        assert.equal(
          retried.headers.get("location"),
          `${APP}/dashboard`,
          "once storage is back, sign-in works",
        );
        assert.equal(await db.count("gh_users"), await db.count("gh_accounts"));
      });
    }

    for (const step of SESSION_READ_STEPS) {
      test(`GET session with ${step} failing: a non-2xx JSON answer, the cookie kept, no internals`, async () => {
        const browser = new TestBrowser(handler);
        const token = sessionTokenSet(await signIn(browser, newcomer()));
        assert.ok(token);
        const hash = await sha256hex(token);
        const expires = (await db.sessions()).find((row) => row.hash === hash)?.expires;
        // updateSession only runs once update age has passed.
        if (step === "updateSession") clock += DAY + 1000;

        storage.fail(step);
        const response = await browser.request("/api/auth/session");
        const body = await response.text();
        assert.equal(
          setCookie(response, SESSION_COOKIE),
          undefined,
          "an outage neither signs out nor extends",
        );
        assert.doesNotMatch(body, INTERNALS);
        // GET session is a JSON endpoint (docs/protocol.md §2, §10): its clients fetch it and parse JSON.
        const answer = `${response.status} ${response.headers.get("content-type")} ${response.headers.get("location")}`;
        assert.match(response.headers.get("content-type") ?? "", /application\/json/, `got ${answer}`);
        assert.equal(response.status, 503, `got ${answer}`);
        assert.equal(
          (await db.sessions()).find((row) => row.hash === hash)?.expires.getTime(),
          expires?.getTime(),
        );

        storage.fail(null);
        assert.ok((await sessionOf(browser)).user, "still signed in once storage is back");
      });
    }

    test("the account insert failing inside createUserAndAccount rolls the new user back", async () => {
      const mend = await failInserts(db.adapter, "gh_accounts");
      try {
        const response = await signIn(new TestBrowser(handler), newcomer());
        await assertUnavailablePage(response);
      } finally {
        await mend();
      }
      assert.equal(await db.usersWithoutAccount(), 0, "the user insert was rolled back with the account's");
    });

    test("the session record insert failing in the database rolls its session row back: no session without its record (issue 22)", async () => {
      // Two separate writes left the gh_sessions row behind when the second failed (or the process
      // died between them): a session the account console never listed.
      const name = newcomer();
      assert.ok(sessionTokenSet(await signIn(new TestBrowser(handler), name)), "the user exists");
      const before = await db.count("gh_sessions");
      const mend = await failInserts(db.adapter, "gh_session_records");
      try {
        const response = await signIn(new TestBrowser(handler), name);
        assert.equal(setCookie(response, SESSION_COOKIE), undefined, "no session cookie");
        await assertUnavailablePage(response);
      } finally {
        await mend();
      }
      assert.equal(await db.count("gh_sessions"), before, "the session row was rolled back with its record");
    });

    test("without createUserAndAccount (an Auth.js adapter), a failing linkAccount leaves no user behind", async () => {
      const authjsLike = new Proxy(db.adapter, {
        get: (target, property, receiver) =>
          property === "createUserAndAccount" ? undefined : Reflect.get(target, property, receiver),
      });
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: authjsLike,
        providers: [
          Credentials({ credentials: {}, authorize: (c) => everyone.get(c.username ?? "") ?? null }),
        ],
        logger,
      });
      const mend = await failInserts(db.adapter, "gh_accounts");
      try {
        await assertUnavailablePage(await signIn(new TestBrowser(auth.handler), newcomer()));
      } finally {
        await mend();
      }
      assert.equal(
        await db.usersWithoutAccount(),
        0,
        "the user created before linkAccount was deleted again",
      );
    });

    test("getSession() (server side) answers null while storage fails, and never throws", async () => {
      const browser = new TestBrowser(handler);
      assert.ok(sessionTokenSet(await signIn(browser, newcomer())));
      storage.fail("getSessionAndUser");
      const auth = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: storage.adapter,
        providers: [people({})],
        logger,
      });
      const request = new Request(`${APP}/page`, { headers: { cookie: browser.cookieHeader() } });
      assert.equal(await auth.getSession(request), null);
      assert.ok(
        logger.lines.some((line) => line.startsWith("error SessionError")),
        "the failure is logged",
      );
    });
  });
}
