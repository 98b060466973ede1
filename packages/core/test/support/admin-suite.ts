import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  ADMIN_IP,
  ADMIN_UA,
  type AdminSuiteAdapter,
  adminApp,
  BOUNCES,
  byAdmin,
  call,
  ENDPOINTS,
  get,
  HOUR,
  type Json,
  lastEntry,
  MINUTE,
  passwordSignIn,
  post,
  ROOT,
  refused,
  signIn,
  userOf,
} from "./admin-app.ts";
import { errorOf, sessionOf } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { type Mailbox, startMailbox } from "./mailbox.ts";
import { follow, linkIn, nextMail } from "./password-accounts.ts";
import { PASSWORD } from "./seed.ts";
import { totpCode } from "./two-factor-accounts.ts";

export type { AdminSuiteAdapter } from "./admin-app.ts";

/**
 * Roles and the admin API through the handler, on the storage `open` gives and both session
 * strategies: who is an administrator (role, verified bootstrap address), what everyone else gets,
 * and every endpoint's effect — on sessions, sign-in, mail and the audit log.
 */
export function adminSuite(label: string, open: () => Promise<OpenedStorage<AdminSuiteAdapter>>): void {
  let mailbox: Mailbox;
  before(async () => {
    mailbox = await startMailbox({ refuse: [BOUNCES] });
  });
  after(() => mailbox.close());

  for (const strategy of ["jwt", "database"] as const) {
    describe(`${label} (${strategy} sessions)`, () => {
      const storage = freshStorage(open);
      const app = async () => {
        const adapter = await storage();
        return { ...adminApp(adapter, strategy, mailbox), adapter };
      };

      test("a non-admin gets 403 AdminRequired from every endpoint, the same for any target or body; signed out, 401", async () => {
        const { browser, seedUser, signedInRoot } = await app();
        await signedInRoot();
        const target = await seedUser("target@example.test");
        await seedUser("pat@example.test");
        const pat = browser();
        await signIn(pat, "pat@example.test");
        const stranger = browser();
        for (const endpoint of ENDPOINTS) {
          const existing = await call(pat, endpoint, target);
          refused(existing, 403, "AdminRequired");
          for (const id of ["no-such-user", "", "x".repeat(300)]) {
            assert.equal((await call(pat, endpoint, id)).text, existing.text, `${endpoint.action} ${id}`);
          }
          if (endpoint.method === "POST") {
            const garbage = await post(pat, endpoint.action, { role: "owner", reason: "x".repeat(600) });
            assert.equal(garbage.text, existing.text, `${endpoint.action}: an invalid body`);
          }
          refused(await call(stranger, endpoint, target), 401, "SessionRequired");
        }
        const me = (await get(pat, "account")).body.user as Json;
        assert.deepEqual([me.role, me.admin], [null, false]);
      });

      test("a bootstrap address makes an administrator only once it is verified", async () => {
        const { browser, seedUser, adapter } = await app();
        const id = await seedUser("boot@example.test", { verified: false });
        const boot = browser();
        await signIn(boot, "boot@example.test");
        refused(await get(boot, "admin-overview"), 403, "AdminRequired");
        assert.equal(((await get(boot, "account")).body.user as Json).admin, false);
        await adapter.updateUser({ id, emailVerified: new Date() });
        assert.equal((await get(boot, "admin-overview")).status, 200);
        assert.equal(((await get(boot, "account")).body.user as Json).admin, true);
        // Disabled, nobody is an administrator (their sessions end with it, too).
        await adapter.setUserDisabled(id, new Date());
        assert.notEqual((await get(boot, "admin-overview")).status, 200);
      });

      test("the admin role opens the API; taking it away counts at the very next request", async () => {
        const { browser, seedUser, adapter } = await app();
        const id = await seedUser("ops@example.test");
        await adapter.setUserRole(id, "admin");
        const ops = browser();
        await signIn(ops, "ops@example.test");
        assert.equal((await get(ops, "admin-overview")).status, 200);
        const account = (await get(ops, "account")).body.user as Json;
        assert.equal(account.role, "admin");
        assert.equal(account.admin, true);
        await adapter.setUserRole(id, "support");
        refused(await get(ops, "admin-overview"), 403, "AdminRequired");
        const demoted = (await get(ops, "account")).body.user as Json;
        assert.deepEqual([demoted.role, demoted.admin], ["support", false]);
      });

      test("disable: every session of the user ends at once, sign-in is refused; enable lets them back", async () => {
        const { browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("eve@example.test");
        const laptop = browser();
        const phone = browser();
        await signIn(laptop, "eve@example.test");
        await signIn(phone, "eve@example.test");
        assert.ok((await sessionOf(laptop)).user);

        refused(await post(root, "admin-user-disable", { id: rootId }), 409, "AdminSelfAction");
        refused(await post(root, "admin-user-disable", { id: "no-such-user" }), 404, "UserNotFound");
        refused(await post(root, "admin-user-disable", { id: "x".repeat(300) }), 400, "InvalidBody");
        refused(await post(root, "admin-user-disable", {}), 400, "InvalidBody");
        refused(
          await post(root, "admin-user-disable", { id: target, reason: "x".repeat(501) }),
          400,
          "InvalidBody",
        );

        const disabled = await post(root, "admin-user-disable", { id: target, reason: "spam" });
        assert.equal(disabled.status, 200, disabled.text);
        assert.equal(disabled.body.ok, true);
        const user = userOf(disabled.body);
        assert.equal(user.id, target);
        assert.match(String(user.disabledAt), /^2026-05-04T09:00:00/);
        // No clock moves: the end is immediate on this instance, for jwt sessions too.
        assert.equal((await sessionOf(laptop)).user, undefined);
        assert.equal((await sessionOf(phone)).user, undefined);
        assert.equal(errorOf(await passwordSignIn(browser(), "eve@example.test")), "AccountDisabled");
        const entry = await lastEntry(adapter, target, "user-disabled");
        byAdmin(entry, rootId);
        assert.deepEqual(entry.detail, { reason: "spam" });

        const enabled = await post(root, "admin-user-enable", { id: target });
        assert.equal(enabled.status, 200, enabled.text);
        assert.equal(userOf(enabled.body).disabledAt, null);
        byAdmin(await lastEntry(adapter, target, "user-enabled"), rootId);
        await signIn(browser(), "eve@example.test");
      });

      test("every action on a user takes an optional reason the audit log keeps; one too long changes nothing", async () => {
        const { browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("why@example.test");
        await signIn(browser(), "why@example.test");
        const tooLong = "x".repeat(501);
        const actions: [string, Json, string, Json][] = [
          [
            "admin-sessions-revoke",
            {},
            "session-revoked",
            { all: true, count: 1, reason: "Phishing report" },
          ],
          ["admin-password-reset", {}, "password-reset-link-sent", { reason: "Phishing report" }],
          [
            "admin-user-role",
            { role: "support" },
            "role-changed",
            { from: null, to: "support", reason: "Phishing report" },
          ],
          ["admin-user-disable", {}, "user-disabled", { reason: "Phishing report" }],
          ["admin-user-enable", {}, "user-enabled", { reason: "Phishing report" }],
        ];
        for (const [action, fields, kind, detail] of actions) {
          const before = (await adapter.queryAudit({ userId: target, limit: 1000 })).entries.length;
          refused(await post(root, action, { id: target, ...fields, reason: tooLong }), 400, "InvalidBody");
          const after = (await adapter.queryAudit({ userId: target, limit: 1000 })).entries.length;
          assert.equal(after, before, `${action}: a refused reason changed nothing`);
          const done = await post(root, action, { id: target, ...fields, reason: "  Phishing report " });
          assert.equal(done.status, 200, `${action}: ${done.text}`);
          const entry = await lastEntry(adapter, target, kind);
          byAdmin(entry, rootId);
          assert.deepEqual(entry.detail, detail, action);
        }
        // Without one, the entry says nothing of a reason.
        await post(root, "admin-user-role", { id: target, role: "" });
        assert.deepEqual((await lastEntry(adapter, target, "role-changed")).detail, {
          from: "support",
          to: null,
        });
      });

      test("revoke one session of a user, then all of them", async () => {
        const { browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("sam@example.test");
        const laptop = browser();
        const phone = browser();
        await signIn(laptop, "sam@example.test");
        await signIn(phone, "sam@example.test");
        const page = await get(root, "admin-user", { id: target });
        const sessions = page.body.sessions as Json[];
        assert.equal(sessions.length, 2);
        const laptopSession = sessions.find((session) => session.ip === "203.0.113.2");
        assert.ok(laptopSession, page.text);

        const rootSession = (await get(root, "admin-user", { id: rootId })).body.sessions as Json[];
        refused(
          await post(root, "admin-sessions-revoke", { id: target, sessionId: String(rootSession[0]?.id) }),
          404,
          "SessionNotFound",
        );
        const one = await post(root, "admin-sessions-revoke", {
          id: target,
          sessionId: String(laptopSession.id),
        });
        assert.deepEqual(one.body, { ok: true, revoked: 1 });
        assert.equal((await sessionOf(laptop)).user, undefined);
        assert.ok((await sessionOf(phone)).user, "the other session is untouched");
        assert.ok((await sessionOf(root)).user, "so is the administrator's");
        assert.deepEqual((await lastEntry(adapter, target, "session-revoked")).detail, {
          all: false,
          count: 1,
        });

        const all = await post(root, "admin-sessions-revoke", { id: target });
        assert.deepEqual(all.body, { ok: true, revoked: 1 });
        assert.equal((await sessionOf(phone)).user, undefined);
        const entry = await lastEntry(adapter, target, "session-revoked");
        byAdmin(entry, rootId);
        assert.deepEqual(entry.detail, { all: true, count: 1 });
        assert.deepEqual((await get(root, "admin-user", { id: target })).body.sessions, []);
      });

      test("password reset: the user gets forgot-password's mail and its link works; the answer holds no link", async () => {
        const { browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("lost@example.test");
        const count = mailbox.messages.length;
        const sent = await post(root, "admin-password-reset", { id: target });
        assert.deepEqual(sent.body, { ok: true });
        const mail = await nextMail(mailbox, count, "lost@example.test");
        const link = linkIn(mail);
        assert.equal(link.pathname, "/api/auth/reset-password");
        assert.ok(!sent.text.includes(link.searchParams.get("token")!));
        byAdmin(await lastEntry(adapter, target, "password-reset-link-sent"), rootId);

        const person = browser();
        const newPassword = "a brand new passphrase 42";
        const reset = await follow(person, link, "/api/auth/reset-password", { password: newPassword });
        assert.ok(reset.status < 400, `reset answered ${reset.status}`);
        await signIn(browser(), "lost@example.test", newPassword);

        // An address the mail server refuses: the administrator learns it did not go.
        const bounce = await seedUser(BOUNCES);
        refused(await post(root, "admin-password-reset", { id: bounce }), 502, "MailNotSent");
        refused(await post(root, "admin-password-reset", { id: "no-such-user" }), 404, "UserNotFound");
        const noEmail = await seedUser(null);
        refused(await post(root, "admin-password-reset", { id: noEmail }), 409, "PasswordResetUnavailable");
      });

      test("two-factor removal needs a reason; the user then signs in with the password alone", async () => {
        const { clock, browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("tfa@example.test");
        const person = browser();
        await signIn(person, "tfa@example.test");
        const enrolled = await post(person, "two-factor-enroll");
        const confirmed = await post(person, "two-factor-confirm", {
          code: totpCode(String(enrolled.body.secret), clock.now),
        });
        assert.equal(confirmed.status, 200, confirmed.text);
        const stops = await passwordSignIn(browser(), "tfa@example.test");
        assert.match(String(stops.headers.get("location")), /\/api\/auth\/two-factor$/);
        const shown = (await get(root, "admin-user", { id: target })).body.methods as Json;
        assert.equal(shown.twoFactor, true);
        assert.equal(shown.backupCodes, 10);

        for (const reason of [undefined, "", "   ", "x".repeat(501)]) {
          const fields: Record<string, string> = { id: target };
          if (reason !== undefined) fields.reason = reason;
          refused(await post(root, "admin-two-factor-remove", fields), 400, "InvalidBody");
        }
        assert.deepEqual(
          (await post(root, "admin-two-factor-remove", { id: target, reason: "lost phone" })).body,
          {
            ok: true,
          },
        );
        const entry = await lastEntry(adapter, target, "two-factor-disabled");
        byAdmin(entry, rootId);
        assert.deepEqual(entry.detail, { reason: "lost phone" });
        await signIn(browser(), "tfa@example.test");
        refused(
          await post(root, "admin-two-factor-remove", { id: target, reason: "again" }),
          409,
          "TwoFactorNotOn",
        );
        const after = (await get(root, "admin-user", { id: target })).body.methods as Json;
        assert.deepEqual([after.twoFactor, after.backupCodes], [false, 0]);
      });

      test("delete: the administrator's recent sign-in, never themselves; the user's sessions end and their entries stay readable", async () => {
        const { clock, browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("gone@example.test");
        const person = browser();
        await signIn(person, "gone@example.test");
        clock.now += 11 * MINUTE;
        refused(await post(root, "admin-user-delete", { id: target }), 403, "ReauthenticationRequired");
        assert.ok(await adapter.getUser(target), "nothing happened");
        assert.equal((await post(root, "reauthenticate", { password: PASSWORD })).body.ok, true);
        refused(await post(root, "admin-user-delete", { id: rootId }), 409, "AdminSelfAction");
        refused(await post(root, "admin-user-delete", { id: "no-such-user" }), 404, "UserNotFound");

        const deleted = await post(root, "admin-user-delete", { id: target, reason: "asked by mail" });
        assert.deepEqual(deleted.body, { ok: true });
        assert.equal(await adapter.getUser(target), null);
        assert.equal((await sessionOf(person)).user, undefined);
        refused(await get(root, "admin-user", { id: target }), 404, "UserNotFound");

        const audit = await get(root, "admin-audit", { user: target, kind: "account-deleted" });
        const [entry] = audit.body.entries as Json[];
        assert.ok(entry, audit.text);
        assert.equal(entry.actorId, rootId);
        assert.equal(entry.actorEmail, ROOT);
        assert.equal(entry.subjectId, target);
        assert.equal(entry.subjectEmail, null, "the user is gone; the id stays");
        assert.equal(entry.ip, ADMIN_IP);
        assert.deepEqual(entry.detail, { reason: "asked by mail" });
        const older = await get(root, "admin-audit", { user: target, kind: "sign-in" });
        assert.equal((older.body.entries as Json[]).length, 1, "the user's own entries are kept too");
      });

      test("role change: configured roles only, never one's own, after a recent sign-in; the new admin is one at once", async () => {
        const { clock, browser, seedUser, adapter, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("promo@example.test");
        const person = browser();
        await signIn(person, "promo@example.test");

        refused(await post(root, "admin-user-role", { id: target, role: "owner" }), 400, "RoleUnknown");
        refused(await post(root, "admin-user-role", { id: target }), 400, "InvalidBody");
        refused(await post(root, "admin-user-role", { id: rootId, role: "" }), 409, "AdminSelfAction");
        const support = await post(root, "admin-user-role", { id: target, role: "support" });
        assert.deepEqual([userOf(support.body).role, userOf(support.body).admin], ["support", false]);
        refused(await get(person, "admin-overview"), 403, "AdminRequired");

        const promoted = await post(root, "admin-user-role", { id: target, role: "admin" });
        assert.deepEqual([userOf(promoted.body).role, userOf(promoted.body).admin], ["admin", true]);
        assert.equal((await get(person, "admin-overview")).status, 200);
        const entry = await lastEntry(adapter, target, "role-changed");
        byAdmin(entry, rootId);
        assert.deepEqual(entry.detail, { from: "support", to: "admin" });
        // Nor can an administrator take their own role away by a slip.
        refused(await post(person, "admin-user-role", { id: target, role: "" }), 409, "AdminSelfAction");

        clock.now += 11 * MINUTE;
        refused(
          await post(root, "admin-user-role", { id: target, role: "" }),
          403,
          "ReauthenticationRequired",
        );
        await post(root, "reauthenticate", { password: PASSWORD });
        const cleared = await post(root, "admin-user-role", { id: target, role: "" });
        assert.equal(userOf(cleared.body).role, null);
        assert.deepEqual((await lastEntry(adapter, target, "role-changed")).detail, {
          from: "admin",
          to: null,
        });
        refused(await get(person, "admin-overview"), 403, "AdminRequired");
      });

      test("the user list: search, filters, sort and pages through the endpoint; bad parameters refused", async () => {
        const { clock, seedUser, adapter, signedInRoot } = await app();
        const { root } = await signedInRoot();
        const ids: Record<string, string> = {};
        for (const [name, email] of [
          ["Alice Archer", "alice@example.test"],
          ["Bob Baker", "bob@example.test"],
          ["Carol Cook", "carol@example.test"],
          ["Dave Dunn", "dave@example.test"],
          ["Erin Eckart", "erin@example.test"],
        ] as const) {
          clock.now += MINUTE;
          ids[email] = await seedUser(email, email === "erin@example.test" ? { verified: false } : {});
          await adapter.updateUser({ id: ids[email]!, name });
        }
        await adapter.setUserDisabled(ids["bob@example.test"]!, new Date(clock.now));
        await adapter.setUserRole(ids["carol@example.test"]!, "support");
        await adapter.startTwoFactor(ids["dave@example.test"]!, "sealed-secret-of-the-test");
        await adapter.enableTwoFactor(ids["dave@example.test"]!, new Date(clock.now));
        const emails = async (query: Record<string, string>) => {
          const answer = await get(root, "admin-users", query);
          assert.equal(answer.status, 200, answer.text);
          return (answer.body.users as Json[]).map((user) => user.email);
        };

        assert.deepEqual(await emails({ q: "ali" }), ["alice@example.test"]);
        assert.deepEqual(await emails({ q: "Bob B" }), ["bob@example.test"]);
        assert.deepEqual(await emails({ q: ids["carol@example.test"]! }), ["carol@example.test"]);
        assert.deepEqual(await emails({ disabled: "true" }), ["bob@example.test"]);
        assert.deepEqual(await emails({ unverified: "true" }), ["erin@example.test"]);
        assert.deepEqual(await emails({ twoFactor: "true" }), ["dave@example.test"]);
        assert.deepEqual(await emails({ role: "support" }), ["carol@example.test"]);
        const everyone = [
          "alice@example.test",
          "bob@example.test",
          "carol@example.test",
          "dave@example.test",
          "erin@example.test",
          ROOT,
        ];
        assert.deepEqual(await emails({ sort: "email", order: "asc" }), everyone);
        assert.deepEqual(await emails({ sort: "email", order: "desc" }), [...everyone].reverse());
        assert.deepEqual(await emails({}), [...everyone.slice(0, 5)].reverse().concat(ROOT), "newest first");

        const paged: unknown[] = [];
        let cursor: string | null = null;
        do {
          const answer = await get(root, "admin-users", {
            sort: "email",
            limit: "2",
            ...(cursor ? { cursor } : {}),
          });
          const users = answer.body.users as Json[];
          assert.ok(users.length <= 2);
          paged.push(...users.map((user) => user.email));
          cursor = answer.body.next as string | null;
        } while (cursor);
        assert.deepEqual(paged, everyone);

        const carol = ((await get(root, "admin-users", { q: "carol" })).body.users as Json[])[0]!;
        assert.deepEqual(carol, {
          id: ids["carol@example.test"],
          email: "carol@example.test",
          name: "Carol Cook",
          image: null,
          emailVerified: carol.emailVerified,
          createdAt: carol.createdAt,
          disabledAt: null,
          role: "support",
          admin: false,
          twoFactor: false,
        });
        assert.match(String(carol.createdAt), /^2026-05-04T/);
        const rootRow = ((await get(root, "admin-users", { q: "root" })).body.users as Json[])[0]!;
        assert.equal(rootRow.admin, true, "a bootstrap administrator is marked as one");

        for (const query of [
          { limit: "0" },
          { limit: "101" },
          { limit: "ten" },
          { sort: "age" },
          { order: "up" },
          { disabled: "yes" },
          { cursor: "not-a-cursor" },
          { q: "x".repeat(201) },
        ] as Record<string, string>[]) {
          refused(await get(root, "admin-users", query), 400, "InvalidBody");
        }
      });

      test("the user page: accounts, methods, sessions and activity — and no secret anywhere in it", async () => {
        const { clock, browser, seedUser, adapter, signedInRoot } = await app();
        const { root } = await signedInRoot();
        const target = await seedUser("full@example.test");
        const person = browser("PersonBrowser/2.0");
        await signIn(person, "full@example.test");
        await adapter.linkAccount({
          userId: target,
          type: "oauth",
          provider: "github",
          providerAccountId: "gh-42",
          access_token: "ACCESS-TOKEN-SECRET",
          refresh_token: "REFRESH-TOKEN-SECRET",
          id_token: "ID-TOKEN-SECRET",
        });
        await adapter.createPasskey({
          id: "cred-1",
          userId: target,
          publicKey: "PASSKEY-PUBLIC-KEY",
          counter: 7,
          transports: ["internal"],
          deviceType: "multiDevice",
          backedUp: true,
          name: "MacBook",
          createdAt: new Date(clock.now),
          lastUsedAt: null,
        });
        await adapter.startTwoFactor(target, "SEALED-TOTP-SECRET");
        await adapter.enableTwoFactor(target, new Date(clock.now));
        await adapter.replaceBackupCodes(target, ["BACKUP-HASH-1", "BACKUP-HASH-2"]);

        const page = await get(root, "admin-user", { id: target });
        assert.equal(page.status, 200, page.text);
        assert.deepEqual(page.body.roles, ["admin", "support"], "the roles the picker may offer");
        const hash = await adapter.getPasswordHash(target);
        const cookie = [...person.jar].find(([name]) => name.startsWith("gatehouse.session-token"))?.[1];
        for (const secret of [
          hash!,
          cookie!,
          "ACCESS-TOKEN",
          "REFRESH-TOKEN",
          "ID-TOKEN",
          "PASSKEY-PUBLIC-KEY",
          "SEALED-TOTP",
          "BACKUP-HASH",
          "$argon2",
        ]) {
          assert.ok(!page.text.includes(secret), `the page holds ${secret.slice(0, 12)}…`);
        }
        assert.deepEqual(Object.keys(page.body).sort(), [
          "accounts",
          "activity",
          "methods",
          "roles",
          "sessions",
          "user",
        ]);
        assert.deepEqual(page.body.accounts, [
          { provider: "github", name: "github", type: "oauth", providerAccountId: "gh-42" },
        ]);
        assert.deepEqual(page.body.methods, {
          password: true,
          passkeys: [
            {
              id: "cred-1",
              name: "MacBook",
              createdAt: new Date(clock.now).toISOString(),
              lastUsedAt: null,
              deviceType: "multiDevice",
              backedUp: true,
            },
          ],
          twoFactor: true,
          backupCodes: 2,
        });
        assert.equal(userOf(page.body).twoFactor, true);
        const [session] = page.body.sessions as Json[];
        assert.deepEqual(Object.keys(session!).sort(), [
          "createdAt",
          "current",
          "expires",
          "id",
          "ip",
          "lastActiveAt",
          "method",
          "secondFactor",
          "userAgent",
        ]);
        assert.equal(session!.current, false, "another user's session is never the administrator's");
        // Signed in before two-factor was on: the password alone (issue 23).
        assert.deepEqual(
          [session!.ip, session!.userAgent, session!.method, session!.secondFactor],
          ["203.0.113.2", "PersonBrowser/2.0", "password", null],
        );
        const [signInEntry] = page.body.activity as Json[];
        assert.equal(signInEntry?.kind, "sign-in");
        assert.equal(signInEntry?.subjectEmail, "full@example.test");
        refused(await get(root, "admin-user", { id: "no-such-user" }), 404, "UserNotFound");
        refused(await get(root, "admin-user"), 400, "InvalidBody");
      });

      test("the overview counts users, disabled users, live sessions and the last 24 hours' sign-ins", async () => {
        const { clock, browser, seedUser, adapter, signedInRoot } = await app();
        await seedUser("early@example.test");
        await signIn(browser(), "early@example.test"); // 25 hours before: not counted
        clock.now += 25 * HOUR;
        const { root } = await signedInRoot();
        await seedUser("one@example.test");
        const off = await seedUser("off@example.test");
        await signIn(browser(), "one@example.test");
        assert.equal(
          errorOf(await passwordSignIn(browser(), "one@example.test", "wrong password")),
          "CredentialsSignin",
        );
        await adapter.setUserDisabled(off, new Date(clock.now));
        const overview = await get(root, "admin-overview");
        assert.deepEqual(overview.body, {
          users: 4,
          disabledUsers: 1,
          // The early session (30 days) is live still: the root's, one's, and early's.
          activeSessions: 3,
          signIns: 2,
          failedSignIns: 1,
          since: new Date(clock.now - 24 * HOUR).toISOString(),
        });
      });

      test("the audit log: by kind, user and time, a page at a time, with addresses; bad filters refused", async () => {
        const { clock, browser, seedUser, signedInRoot } = await app();
        const { id: rootId, root } = await signedInRoot();
        const target = await seedUser("log@example.test");
        await signIn(browser(), "log@example.test");
        clock.now += MINUTE;
        const middle = new Date(clock.now).toISOString();
        await post(root, "admin-user-disable", { id: target });
        clock.now += MINUTE;
        await post(root, "admin-user-enable", { id: target });

        const mine = await get(root, "admin-audit", { user: target });
        assert.deepEqual(
          (mine.body.entries as Json[]).map((entry) => entry.kind),
          ["user-enabled", "user-disabled", "sign-in"],
        );
        const [enabled] = mine.body.entries as Json[];
        assert.deepEqual(Object.keys(enabled!).sort(), [
          "actorEmail",
          "actorId",
          "at",
          "detail",
          "id",
          "ip",
          "kind",
          "subjectEmail",
          "subjectId",
          "userAgent",
        ]);
        assert.deepEqual(
          [enabled!.actorId, enabled!.actorEmail, enabled!.subjectEmail, enabled!.ip, enabled!.userAgent],
          [rootId, ROOT, "log@example.test", ADMIN_IP, ADMIN_UA],
        );
        const kinds = await get(root, "admin-audit", { kind: "user-disabled,user-enabled" });
        assert.equal((kinds.body.entries as Json[]).length, 2);
        const since = await get(root, "admin-audit", { from: middle, user: target });
        assert.equal((since.body.entries as Json[]).length, 2);
        const before = await get(root, "admin-audit", { to: middle, user: target });
        assert.deepEqual(
          (before.body.entries as Json[]).map((entry) => entry.kind),
          ["sign-in"],
        );

        const first = await get(root, "admin-audit", { user: target, limit: "2" });
        assert.equal((first.body.entries as Json[]).length, 2);
        const second = await get(root, "admin-audit", {
          user: target,
          limit: "2",
          cursor: String(first.body.next),
        });
        assert.deepEqual(
          (second.body.entries as Json[]).map((entry) => entry.kind),
          ["sign-in"],
        );
        assert.equal(second.body.next, null);

        for (const query of [
          { kind: "sign-in,made-up" },
          { from: "yesterday" },
          { from: "2026-02-31" },
          { to: "2026-05-04T09:00" },
          { cursor: "not-a-cursor" },
          { limit: "0" },
          { user: "x".repeat(300) },
        ] as Record<string, string>[]) {
          refused(await get(root, "admin-audit", query), 400, "InvalidBody");
        }
      });
    });
  }
}
