import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, Password, type PasswordMail } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, recordingLogger, SECRET, sessionOf, sessionTokenSet, type TestBrowser } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { PASSWORD, seedPasswordUser } from "./seed.ts";

const MINUTE = 60_000;

/** What the suite calls on storage directly. */
export type AccountSuiteAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      "createUser" | "setPasswordHash" | "getUser" | "getUserByEmail" | "linkAccount" | "queryAudit"
    >
  >;

function accountApp(adapter: AccountSuiteAdapter, strategy: "jwt" | "database") {
  const clock = { now: Date.UTC(2026, 3, 3, 9, 0, 0) };
  const mails: PasswordMail[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    session: { strategy },
    providers: [
      Password({
        sendMail: async (mail) => {
          mails.push(mail);
        },
      }),
    ],
    logger: recordingLogger(),
    now: () => clock.now,
  });
  const browser = browsers(auth.handler, (n) => `203.0.113.${n}`);
  /** A verified user with `PASSWORD`, or with no password at all (`{ password: false }`); their id. */
  const seedUser = (email: string, options: { password?: false } = {}) =>
    seedPasswordUser(adapter, email, {
      now: clock.now,
      password: options.password === false ? null : PASSWORD,
    });
  /** Mails are sent in the background: wait for `count` of them. */
  async function mailsAfter(count: number): Promise<PasswordMail[]> {
    for (let i = 0; i < 100 && mails.length < count; i++) await new Promise((r) => setTimeout(r, 5));
    return mails;
  }
  return { clock, browser, seedUser, mailsAfter, mails };
}

async function signIn(browser: TestBrowser, email: string): Promise<void> {
  const csrfToken = await browser.csrf();
  const answer = await browser.request("/api/auth/callback/password", {
    form: { csrfToken, callbackUrl: `${APP}/home`, email, password: PASSWORD },
  });
  assert.ok(sessionTokenSet(answer), `signed in (${answer.status})`);
}

async function post(browser: TestBrowser, action: string, fields: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  const response = await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...fields } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** `GET account`'s answer, as far as the suite reads it. */
interface AccountAnswer {
  user: { id: string; email: string };
  methods: { password: boolean; passkeys: number; twoFactor: boolean; providers: unknown[] };
  recentSignIn: { fresh: boolean; maxAge: number };
}

async function account(browser: TestBrowser) {
  const response = await browser.request("/api/auth/account");
  return { status: response.status, body: (await response.json()) as AccountAnswer };
}

/**
 * The account console's own endpoints through the handler, on the storage `open` gives and both
 * strategies: the account overview, profile edits, recent sign-in and reauthentication, the email
 * change by link, unlinking, and deleting the account.
 */
export function accountSuite(label: string, open: () => Promise<OpenedStorage<AccountSuiteAdapter>>): void {
  for (const strategy of ["jwt", "database"] as const) {
    describe(`${label} (${strategy} sessions)`, () => {
      const storage = freshStorage(open);
      const app = async () => {
        const adapter = await storage();
        return { ...accountApp(adapter, strategy), adapter };
      };

      test("GET account: profile, sign-in methods, linkable providers, and a recent sign-in for 10 minutes", async () => {
        const { clock, browser, seedUser } = await app();
        const userId = await seedUser("ada@example.test");
        const ada = browser();
        assert.equal((await account(ada)).status, 401);
        await signIn(ada, "ada@example.test");
        const overview = await account(ada);
        assert.equal(overview.status, 200);
        assert.equal(overview.body.user.id, userId);
        assert.equal(overview.body.user.email, "ada@example.test");
        assert.deepEqual(overview.body.methods, {
          password: true,
          passkeys: 0,
          twoFactor: false,
          providers: [],
        });
        assert.equal(overview.body.recentSignIn.fresh, true);
        assert.equal(overview.body.recentSignIn.maxAge, 600);
        clock.now += 11 * MINUTE;
        assert.equal((await account(ada)).body.recentSignIn.fresh, false);
      });

      test("a sign-in from a browser not seen before for the account mails its owner; the first ever and a known browser do not", async () => {
        const { browser, seedUser, mails } = await app();
        await seedUser("watch@example.test");
        const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
        const alerts = () => mails.filter((mail) => mail.kind === "new-sign-in");
        const laptop = browser();
        await signIn(laptop, "watch@example.test");
        await settle();
        assert.equal(alerts().length, 0, "the account's very first sign-in");
        await signIn(laptop, "watch@example.test");
        await settle();
        assert.equal(alerts().length, 0, "a browser that signed in as them before");
        const stranger = browser();
        await signIn(stranger, "watch@example.test");
        await settle();
        assert.equal(alerts().length, 1);
        assert.equal(alerts()[0]?.to, "watch@example.test");
        assert.equal(alerts()[0]?.detail?.method, "password");
        assert.match(alerts()[0]?.detail?.ip ?? "", /^203\.0\.113\.\d+$/);
        await signIn(stranger, "watch@example.test");
        await settle();
        assert.equal(alerts().length, 1, "the stranger's browser is known now");
      });

      test("account-update: the name and an https picture; anything else refused", async () => {
        const { browser, seedUser, adapter } = await app();
        const userId = await seedUser("grace@example.test");
        const grace = browser();
        await signIn(grace, "grace@example.test");
        const named = await post(grace, "account-update", {
          name: "  Grace   Hopper ",
          image: "https://img.example/g.png",
        });
        assert.equal(named.status, 200);
        assert.equal((await adapter.getUser(userId))?.name, "Grace Hopper");
        assert.equal((await adapter.getUser(userId))?.image, "https://img.example/g.png");
        for (const image of ["http://img.example/g.png", "javascript:alert(1)", "not a url"]) {
          const refused = await post(grace, "account-update", { image });
          assert.equal(refused.status, 400, image);
        }
        assert.equal((await post(grace, "account-update", { name: "x".repeat(201) })).status, 400);
        assert.equal((await post(grace, "account-update", { image: "" })).status, 200);
        assert.equal((await adapter.getUser(userId))?.image ?? null, null);
      });

      test("email change: needs a recent sign-in; a link to the new address, a notice to the old; the link changes it once", async () => {
        const { clock, browser, seedUser, mailsAfter, adapter } = await app();
        const userId = await seedUser("old@example.test");
        const person = browser();
        await signIn(person, "old@example.test");
        clock.now += 11 * MINUTE;
        const stale = await post(person, "email-change", { email: "new@example.test" });
        assert.equal(stale.status, 403);
        assert.equal(stale.body.error, "ReauthenticationRequired");
        const wrong = await post(person, "reauthenticate", { password: "not it" });
        assert.equal(wrong.body.error, "CurrentPasswordIncorrect");
        const again = await post(person, "reauthenticate", { password: PASSWORD });
        assert.equal(again.body.ok, true);
        assert.equal(again.body.until, new Date(clock.now + 10 * MINUTE).toISOString());

        const asked = await post(person, "email-change", { email: " New@Example.test " });
        assert.deepEqual(asked.body, { ok: true });
        const mails = await mailsAfter(2);
        const confirm = mails.find((mail) => mail.kind === "confirm-new-email");
        const notice = mails.find((mail) => mail.kind === "email-change-requested");
        assert.equal(confirm?.to, "new@example.test");
        assert.equal(notice?.to, "old@example.test");
        assert.equal(
          (await adapter.getUser(userId))?.email,
          "old@example.test",
          "not before the link is used",
        );

        const link = new URL(confirm!.url);
        assert.equal(link.pathname, "/api/auth/change-email");
        const page = await person.request(`${link.pathname}${link.search}`);
        assert.equal(page.status, 200);
        assert.match(await page.text(), /Confirm your new email/);
        const fields = Object.fromEntries(link.searchParams);
        const csrfToken = await person.csrf();
        const done = await person.request("/api/auth/change-email", { form: { csrfToken, ...fields } });
        assert.equal(done.status, 200);
        assert.match(await done.text(), /Email changed/);
        const changed = await adapter.getUser(userId);
        assert.equal(changed?.email, "new@example.test");
        assert.ok(changed?.emailVerified);
        const reused = await person.request("/api/auth/change-email", {
          form: { csrfToken: await person.csrf(), ...fields },
        });
        assert.equal(new URL(reused.headers.get("location")!).searchParams.get("error"), "Verification");

        const { entries } = await adapter.queryAudit({ userId, limit: 20 });
        const kinds = entries.map((entry) => entry.kind);
        assert.ok(kinds.includes("email-change-requested"));
        assert.ok(kinds.includes("email-changed"));
      });

      test("email change to an address that has an account: the same answer, a note there, no link", async () => {
        const { browser, seedUser, mailsAfter } = await app();
        await seedUser("taken@example.test");
        await seedUser("mover@example.test");
        const mover = browser();
        await signIn(mover, "mover@example.test");
        const asked = await post(mover, "email-change", { email: "taken@example.test" });
        assert.deepEqual(asked.body, { ok: true });
        const mails = await mailsAfter(2);
        assert.deepEqual(
          mails.filter((mail) => mail.to === "taken@example.test").map((mail) => mail.kind),
          ["account-exists"],
        );
      });

      test("unlink: refused for the last way to sign in, allowed when another remains", async () => {
        const { browser, seedUser, adapter, clock } = await app();
        const withPassword = await seedUser("both@example.test");
        await adapter.linkAccount({
          userId: withPassword,
          type: "oauth",
          provider: "github",
          providerAccountId: "gh-1",
        });
        const person = browser();
        await signIn(person, "both@example.test");
        assert.deepEqual((await account(person)).body.methods.providers, [
          { provider: "github", name: "github", type: "oauth" },
        ]);
        assert.equal((await post(person, "account-unlink", { provider: "gitlab" })).status, 404);
        assert.deepEqual((await post(person, "account-unlink", { provider: "github" })).body, { ok: true });
        assert.deepEqual((await account(person)).body.methods.providers, []);

        // A user whose only way in is one provider account cannot remove it.
        const onlyGithub = await seedUser("only@example.test", { password: false });
        await adapter.linkAccount({
          userId: onlyGithub,
          type: "oauth",
          provider: "github",
          providerAccountId: "gh-2",
        });
        const { createSessionToken, hashToken } = await import("../../src/session/session-token.ts");
        const token = createSessionToken();
        const expires = new Date(clock.now + 60 * MINUTE);
        await adapter.createSession?.({ sessionToken: await hashToken(token), userId: onlyGithub, expires });
        if (strategy === "database") {
          const lonely = browser();
          lonely.jar.set("gatehouse.session-token", token);
          const refused = await post(lonely, "account-unlink", { provider: "github" });
          assert.equal(refused.status, 409);
          assert.equal(refused.body.error, "LastSignInMethod");
        }
      });

      test("delete account: a recent sign-in and the typed address; every session ends, the user is gone", async () => {
        const { clock, browser, seedUser, adapter } = await app();
        const userId = await seedUser("leaving@example.test");
        const laptop = browser();
        const phone = browser();
        await signIn(laptop, "leaving@example.test");
        await signIn(phone, "leaving@example.test");
        clock.now += 11 * MINUTE;
        assert.equal((await post(laptop, "account-delete", { confirm: "leaving@example.test" })).status, 403);
        await post(laptop, "reauthenticate", { password: PASSWORD });
        const mismatch = await post(laptop, "account-delete", { confirm: "someone@example.test" });
        assert.equal(mismatch.status, 400);
        const deleted = await post(laptop, "account-delete", { confirm: "Leaving@Example.test" });
        assert.deepEqual(deleted.body, { ok: true });
        assert.equal(await adapter.getUser(userId), null);
        assert.equal(await adapter.getUserByEmail("leaving@example.test"), null);
        clock.now += 1000; // past the jwt strategy's 1 s cache of live sessions
        assert.equal((await sessionOf(laptop)).user, undefined);
        assert.equal((await sessionOf(phone)).user, undefined);
        const { entries } = await adapter.queryAudit({ userId, limit: 5 });
        assert.equal(entries[0]?.kind, "account-deleted");
      });
    });
  }
}
