import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Email, gatehouse, type VerificationRequest } from "@gatehouse/core";
import {
  APP,
  errorOf,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  sessionOf,
  sessionTokenSet,
  TestBrowser,
} from "../../../core/test/support/flows.ts";
import { databasesFor, type TestDatabase } from "./databases.ts";

const SIGN_INS = 100;
const LINK_USES = 20;

for (const kind of await databasesFor("concurrency")) {
  describe(`concurrent sign-ins on ${kind.name}`, () => {
    let db: TestDatabase;
    let handler: (request: Request) => Promise<Response>;
    const logger = recordingLogger();
    const sent: VerificationRequest[] = [];
    // Everyone who signs in here is the same, not yet stored, person.
    const newcomer = { id: crypto.randomUUID(), name: "Newcomer", email: "newcomer@example.test" };

    before(async () => {
      db = await kind.open();
      handler = gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: db.adapter,
        providers: [
          people({ newcomer }),
          Email({
            sendVerificationRequest: async (request) => {
              sent.push(request);
            },
          }),
        ],
        callbacks: exposeUserId,
        logger,
      }).handler;
    });
    after(() => db.close());

    test(`${SIGN_INS} parallel first sign-ins of one identity: one user, one account, everyone signed in as it`, async () => {
      const browsers = Array.from({ length: SIGN_INS }, () => new TestBrowser(handler));
      const tokens = await Promise.all(browsers.map((browser) => browser.csrf()));
      const responses = await Promise.all(
        browsers.map((browser, i) =>
          browser.request("/api/auth/callback/credentials", {
            form: { username: "newcomer", csrfToken: tokens[i]!, callbackUrl: `${APP}/dashboard` },
          }),
        ),
      );
      const outcomes = responses.map((r) => `${r.status} ${errorOf(r) ?? r.headers.get("location")}`);
      const tally = Object.entries(Object.groupBy(outcomes, (o) => o)).map(
        ([o, list]) => `${list?.length}× ${o}`,
      );
      assert.deepEqual(tally, [`${SIGN_INS}× 302 ${APP}/dashboard`], `outcomes: ${tally.join(", ")}`);
      assert.ok(
        responses.every((r) => sessionTokenSet(r) !== undefined),
        "every browser got a session",
      );

      assert.equal(await db.count("gh_users"), 1, "exactly one user");
      assert.equal(await db.count("gh_accounts"), 1, "exactly one account");
      const [user] = await db.adapter.db.kysely.selectFrom("gh_users").selectAll().execute();
      const sessions = await Promise.all(browsers.map((browser) => sessionOf(browser)));
      assert.deepEqual(new Set(sessions.map((s) => s.user?.id)), new Set([user?.id]));
      assert.equal(await db.count("gh_sessions"), SIGN_INS);
      assert.deepEqual(logger.lines, []);
    });

    test("a first sign-in whose email lookup runs just after another's commit still signs in as that user", async () => {
      // The interleaving two instances (or two tabs) produce: B finds no account, A then creates user
      // and account, and only then does B look the email up.
      const late = {
        id: crypto.randomUUID(),
        name: "Late",
        email: `late-${crypto.randomUUID()}@example.test`,
      };
      let reached: () => void = () => {};
      const atEmailLookup = new Promise<void>((resolve) => (reached = resolve));
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const held = new Proxy(db.adapter, {
        get(target, property, receiver) {
          if (property !== "getUserByEmail") return Reflect.get(target, property, receiver);
          return async (email: string) => {
            reached();
            await released;
            return target.getUserByEmail(email);
          };
        },
      });
      const instance = (adapter: typeof db.adapter) =>
        gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter,
          providers: [people({ late })],
          callbacks: exposeUserId,
          logger,
        }).handler;
      const a = new TestBrowser(instance(db.adapter));
      const b = new TestBrowser(instance(held));
      const bToken = await b.csrf();
      const bDone = b.request("/api/auth/callback/credentials", {
        form: { username: "late", csrfToken: bToken, callbackUrl: `${APP}/dashboard` },
      });
      await atEmailLookup;
      const aDone = await a.request("/api/auth/callback/credentials", {
        form: { username: "late", csrfToken: await a.csrf(), callbackUrl: `${APP}/dashboard` },
      });
      assert.equal(aDone.headers.get("location"), `${APP}/dashboard`);
      release();
      const bAnswer = await bDone;
      assert.equal(errorOf(bAnswer), null, "not refused as OAuthAccountNotLinked");
      assert.equal(bAnswer.headers.get("location"), `${APP}/dashboard`);
      assert.equal((await sessionOf(b)).user?.id, (await sessionOf(a)).user?.id);
    });

    test(`one magic link confirmed by ${LINK_USES} parallel POSTs: one session, the others Verification`, async () => {
      const requester = new TestBrowser(handler);
      const csrfToken = await requester.csrf();
      const email = `link-${crypto.randomUUID()}@example.test`;
      const asked = await requester.request("/api/auth/signin/email", {
        form: { csrfToken, email, callbackUrl: `${APP}/inbox` },
      });
      assert.equal(asked.status, 302);
      const link = new URL(sent.at(-1)?.url ?? "");
      assert.equal(link.searchParams.get("email"), email);
      const sessionsBefore = await db.count("gh_sessions");

      const browsers = Array.from({ length: LINK_USES }, () => new TestBrowser(handler));
      const csrf = await Promise.all(browsers.map((browser) => browser.csrf()));
      const responses = await Promise.all(
        browsers.map((browser, i) =>
          browser.request("/api/auth/callback/email", {
            form: {
              csrfToken: csrf[i]!,
              token: link.searchParams.get("token") ?? "",
              email,
              callbackUrl: `${APP}/inbox`,
            },
          }),
        ),
      );
      const winners = responses.filter((r) => r.headers.get("location") === `${APP}/inbox`);
      assert.equal(winners.length, 1, "exactly one use succeeds");
      assert.ok(sessionTokenSet(winners[0]!));
      const losers = responses.filter((r) => r !== winners[0]);
      assert.deepEqual(
        losers.map((r) => errorOf(r)),
        Array(LINK_USES - 1).fill("Verification"),
      );
      assert.ok(
        losers.every((r) => sessionTokenSet(r) === undefined),
        "no session for the others",
      );
      assert.equal((await db.count("gh_sessions")) - sessionsBefore, 1, "exactly one session row");
      assert.equal(await db.count("gh_verification_tokens"), 0, "the token is spent");
      assert.ok(await db.adapter.getUserByEmail(email), "the person's user exists once");
    });
  });
}
