import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, OIDC, type Session } from "../../src/index.ts";
import {
  APP,
  entriesLogger,
  loginAtProvider,
  people,
  SECRET,
  SESSION_COOKIE,
  sessionOf,
  signIn,
  signOut,
  TestBrowser,
} from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";

/** What the suite asks storage directly. */
export type LinkSuiteAdapter = Adapter & Required<Pick<Adapter, "getUserByAccount">>;

const mallory = { id: "mallory-at-app", name: "Mallory", email: "mallory@example.test" };
const ada = { id: "ada-at-app", name: "Ada", email: "ada@example.test" };
const carol = { id: "carol-at-app", name: "Carol", email: "carol@example.test" };

/** The session's stored user id, on either strategy (`user` for database sessions, `sub` for jwt). */
const exposeUserId = {
  session: ({
    session,
    user,
    token,
  }: {
    session: Session;
    user?: { id: string };
    token?: { sub?: unknown };
  }) => ({
    ...session,
    user: { ...session.user, id: user?.id ?? token?.sub },
  }),
};

/**
 * Account linking follows the flow, not the cookie (issue 22, item 3): an OAuth flow links the
 * provider's account only to the user who started it signed in, and only while the callback's
 * session is still theirs. A session cookie that turns up in the browser during the flow — planted
 * by an attacker (login CSRF, a cookie tossed from a sibling subdomain) — never captures the
 * person's provider identity. Real OpenID provider (the dev provider), storage from `open`, both
 * session strategies.
 */
export function oauthLinkSuite(label: string, open: () => Promise<OpenedStorage<LinkSuiteAdapter>>): void {
  for (const strategy of ["database", "jwt"] as const) {
    describe(`${label} (${strategy} sessions)`, () => {
      const storage = freshStorage(open);
      let op: DevProvider;
      before(async () => {
        op = await startDevProvider({
          clients: [
            {
              client_id: "app",
              client_secret: "app-secret",
              redirect_uris: [`${APP}/api/auth/callback/dev`],
            },
          ],
        });
      });
      after(() => op.close());

      async function app() {
        const adapter = await storage();
        const logger = entriesLogger();
        const { handler } = gatehouse({
          secret: SECRET,
          url: `${APP}/api/auth`,
          adapter,
          session: { strategy },
          providers: [
            OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
            people({ mallory, ada, carol }),
          ],
          callbacks: exposeUserId,
          logger,
        });
        /** The stored user who owns the dev provider's account of `username`, or null. */
        const owner = async (username: string) =>
          (await adapter.getUserByAccount({ provider: "dev", providerAccountId: username }))?.id ?? null;
        return { handler, adapter, logger, owner };
      }

      /** A browser signed in with the `people` provider; returns it and its stored user's id. */
      async function signedIn(handler: (r: Request) => Promise<Response>, name: string) {
        const browser = new TestBrowser(handler);
        await signIn(browser, name);
        const id = (await sessionOf(browser)).user?.id;
        assert.ok(typeof id === "string", `${name} signed in`);
        return { browser, id };
      }

      /** Starts a dev-provider flow in `browser` and logs in there; the callback is not yet requested. */
      async function toCallback(browser: TestBrowser, username: string): Promise<string> {
        const csrfToken = await browser.csrf();
        const started = await browser.request("/api/auth/signin/dev", {
          form: { csrfToken, callbackUrl: `${APP}/dashboard` },
        });
        const back = await loginAtProvider(op, started.headers.get("location")!, username);
        return back.pathname + back.search;
      }

      /** An attacker's own session cookie, copied into the victim's browser. */
      function plant(victim: TestBrowser, attacker: TestBrowser): void {
        victim.jar.set(SESSION_COOKIE, attacker.jar.get(SESSION_COOKIE)!);
      }

      test("a session cookie planted before the callback does not capture the provider account", async () => {
        const { handler, logger, owner } = await app();
        const attacker = await signedIn(handler, "mallory");
        const victim = new TestBrowser(handler);
        const callback = await toCallback(victim, "victim-a"); // started signed out: a sign-in
        plant(victim, attacker.browser);

        const done = await victim.request(callback);
        assert.equal(done.headers.get("location"), `${APP}/dashboard`);
        const linkedTo = await owner("victim-a");
        assert.ok(linkedTo, "the sign-in made the victim's own user");
        assert.notEqual(linkedTo, attacker.id, "the provider account is not the attacker's");
        assert.equal((await sessionOf(victim)).user?.id, linkedTo, "the victim is signed in as themselves");
        // A jwt session's end reaches its other copies within the 1 s record cache: asserted where immediate.
        if (strategy === "database") {
          assert.deepEqual(
            await sessionOf(attacker.browser),
            {},
            "the planted session was replaced and ended",
          );
        }
        const mismatch = logger.entries.find((entry) => entry.code === "OAuthSessionMismatch");
        assert.deepEqual(mismatch?.detail, { startedBy: null, signedIn: attacker.id });
      });

      test("a planted session does not make a known account's sign-in fail or switch owner", async () => {
        const { handler, owner } = await app();
        const victim = new TestBrowser(handler);
        await victim.request(await toCallback(victim, "victim-b"));
        const victimId = await owner("victim-b");
        assert.ok(victimId);
        await signOut(victim);
        const attacker = await signedIn(handler, "mallory");

        const callback = await toCallback(victim, "victim-b");
        plant(victim, attacker.browser);
        const done = await victim.request(callback);
        assert.equal(
          done.headers.get("location"),
          `${APP}/dashboard`,
          "signed in, not OAuthAccountNotLinked",
        );
        assert.equal((await sessionOf(victim)).user?.id, victimId);
        assert.equal(await owner("victim-b"), victimId);
      });

      test("a flow started signed in links only if the callback's session is still that user", async () => {
        const { handler, owner } = await app();
        const starter = await signedIn(handler, "ada");
        const attacker = await signedIn(handler, "mallory");
        const callback = await toCallback(starter.browser, "ada-elsewhere"); // a link asked by Ada
        plant(starter.browser, attacker.browser); // and Mallory's session at the callback

        await starter.browser.request(callback);
        const linkedTo = await owner("ada-elsewhere");
        assert.ok(linkedTo);
        assert.notEqual(linkedTo, attacker.id, "not linked to the session that turned up");
        assert.notEqual(linkedTo, starter.id, "nor to Ada, whose session it no longer was");
        assert.equal((await sessionOf(starter.browser)).user?.id, linkedTo);
      });

      test("a flow started signed in links to that user when it comes back to them", async () => {
        const { handler, owner } = await app();
        const starter = await signedIn(handler, "ada");
        const done = await starter.browser.request(await toCallback(starter.browser, "ada-at-dev"));
        assert.equal(done.headers.get("location"), `${APP}/dashboard`);
        assert.equal(await owner("ada-at-dev"), starter.id, "linked to the user who asked");
        assert.equal((await sessionOf(starter.browser)).user?.id, starter.id);
      });

      test("a link whose session ended before the callback is a sign-in, linked to nobody", async () => {
        const { handler, owner } = await app();
        const starter = await signedIn(handler, "carol");
        const callback = await toCallback(starter.browser, "carol-at-dev");
        await signOut(starter.browser);

        await starter.browser.request(callback);
        const linkedTo = await owner("carol-at-dev");
        assert.ok(linkedTo);
        assert.notEqual(linkedTo, starter.id);
      });

      test("a credentials sign-in never joins the session the request carries", async () => {
        const { handler, adapter } = await app();
        const attacker = await signedIn(handler, "mallory");
        const victim = new TestBrowser(handler);
        plant(victim, attacker.browser);
        await signIn(victim, "carol"); // an app-checked user the storage does not know yet

        const account = { provider: "credentials", providerAccountId: carol.id };
        const stored = await adapter.getUserByAccount(account);
        assert.ok(stored, "Carol's own user");
        assert.notEqual(stored.id, attacker.id, "the credentials account is not the attacker's");
        assert.equal((await sessionOf(victim)).user?.id, stored.id);
      });
    });
  }
}
