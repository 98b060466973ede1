import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DevProvider } from "@gatehouse/dev-provider";
import { createPasswordResetLink, disableUser } from "../../src/index.ts";
import { APP, errorOf, formFields, sessionTokenSet, type TestBrowser } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { seedPasswordUser } from "./seed.ts";
import {
  follow,
  OWNER_PASSWORD,
  PASSWORD,
  passwordSignIn,
  postForm,
  postJson,
  signedIn,
  signedInAs,
  signUp,
  startProviders,
  type TakeoverAdapter,
  type TakeoverApp,
  takeoverApp,
} from "./takeover-app.ts";
import { totpCode } from "./two-factor-accounts.ts";

const OWNER = "owner@example.test";
const THIEF = "thief@example.test";
const STEP_MS = 30_000;

/**
 * Outstanding links outlive account recovery (issue 22, item 2), end to end through the handler on
 * the storage `open` gives and both session strategies: every link is bound to its account and the
 * account's security generation, and whatever the owner does on finding someone in their account
 * voids what that someone asked for. "This wasn't me" stops an email change and secures the
 * account. Core runs it on the memory adapter, `@gatehouse/sql` on SQLite and PostgreSQL.
 */
export function linksSuite(label: string, open: () => Promise<OpenedStorage<TakeoverAdapter>>): void {
  describe(label, () => {
    let op: DevProvider;
    before(async () => {
      op = await startProviders();
    });
    after(() => op?.close());
    const storage = freshStorage(open);

    for (const strategy of ["jwt", "database"] as const) {
      describe(`${strategy} sessions`, () => {
        const appOf = async () => takeoverApp(await storage(), strategy, op);

        /**
         * The owner, signed in; a thief with a session of theirs (a stolen cookie — here, a sign-in),
         * who asks to move the account to their own address. The confirmation goes to the thief, the
         * notice with "this wasn't me" to the owner.
         */
        async function stolenSession(app: TakeoverApp) {
          const userId = await seedPasswordUser(app.adapter, OWNER, { now: app.clock.now });
          const owner = app.browser();
          assert.ok(signedIn(await passwordSignIn(owner, OWNER, PASSWORD)));
          const thief = app.browser();
          assert.ok(signedIn(await passwordSignIn(thief, OWNER, PASSWORD)));
          const asked = await postJson(thief, "email-change", { email: THIEF });
          assert.deepEqual(asked.body, { ok: true });
          const confirm = await app.mailTo(THIEF, "confirm-new-email");
          const notice = await app.mailTo(OWNER, "email-change-requested");
          return { userId, owner, thief, confirm: confirm.url, cancel: notice.url, notice };
        }

        /** The thief uses the confirmation link: the answer, and the account's address after it. */
        async function thiefConfirms(app: TakeoverApp, thief: TestBrowser, url: string, userId: string) {
          const answer = await follow(thief, url, "/api/auth/change-email");
          return { answer, email: (await app.adapter.getUser(userId))?.email };
        }

        async function assertChangeDead(app: TakeoverApp, thief: TestBrowser, url: string, userId: string) {
          const { answer, email } = await thiefConfirms(app, thief, url, userId);
          assert.equal(errorOf(answer), "Verification", "the confirmation link is void");
          assert.equal(email, OWNER, "the account keeps its address");
        }

        test("a pending email change dies when the owner resets the password", async () => {
          const app = await appOf();
          const { userId, thief, confirm } = await stolenSession(app);
          const resetter = app.browser();
          await postForm(resetter, "/api/auth/forgot-password", { email: OWNER });
          const reset = await app.mailTo(OWNER, "reset-password");
          const done = await follow(resetter, reset.url, "/api/auth/reset-password", {
            password: OWNER_PASSWORD,
          });
          assert.equal(new URL(done.headers.get("location")!).searchParams.get("notice"), "password-reset");
          await assertChangeDead(app, thief, confirm, userId);
        });

        test("a pending email change dies when the owner signs out everywhere", async () => {
          const app = await appOf();
          const { userId, owner, thief, confirm } = await stolenSession(app);
          assert.equal((await postJson(owner, "signout-everywhere")).status, 200);
          await assertChangeDead(app, thief, confirm, userId);
        });

        test("a pending email change dies when the owner changes the password", async () => {
          const app = await appOf();
          const { userId, owner, thief, confirm } = await stolenSession(app);
          const changed = await postJson(owner, "change-password", {
            currentPassword: PASSWORD,
            newPassword: OWNER_PASSWORD,
          });
          assert.deepEqual(changed.body, { ok: true });
          await assertChangeDead(app, thief, confirm, userId);
        });

        test("a pending email change dies when the owner turns on two-factor", async () => {
          const app = await appOf();
          const { userId, owner, thief, confirm } = await stolenSession(app);
          const enrol = await postJson(owner, "two-factor-enroll");
          const code = totpCode(enrol.body.secret as string, app.clock.now);
          assert.equal((await postJson(owner, "two-factor-confirm", { code })).status, 200);
          await assertChangeDead(app, thief, confirm, userId);
        });

        test("a pending email change dies when the owner signs out the thief's session from the list", async () => {
          const app = await appOf();
          const { userId, owner, thief, confirm } = await stolenSession(app);
          const listed = (await (await owner.request("/api/auth/sessions")).json()) as {
            sessions: { id: string; current: boolean }[];
          };
          const theirs = listed.sessions.find((session) => !session.current);
          assert.ok(theirs);
          assert.equal((await postJson(owner, "session-revoke", { id: theirs.id })).status, 200);
          await assertChangeDead(app, thief, confirm, userId);
        });

        test("without a recovery in between, the confirmation link still moves the account (and only once)", async () => {
          const app = await appOf();
          const { userId, thief, confirm } = await stolenSession(app);
          const { answer, email } = await thiefConfirms(app, thief, confirm, userId);
          assert.equal(answer.status, 200);
          assert.equal(email, THIEF);
        });

        test("a reset link sent before an email change does not set the new owner's password", async () => {
          const app = await appOf();
          const old = "moving@example.test";
          const aliceId = await seedPasswordUser(app.adapter, old, { now: app.clock.now });
          // Alice asks for a reset link, then moves her account to another address.
          await postForm(app.browser(), "/api/auth/forgot-password", { email: old });
          const reset = await app.mailTo(old, "reset-password");
          const alice = app.browser();
          assert.ok(signedIn(await passwordSignIn(alice, old, PASSWORD)));
          await postJson(alice, "email-change", { email: "moved@example.test" });
          const confirm = await app.mailTo("moved@example.test", "confirm-new-email");
          assert.equal((await follow(alice, confirm.url, "/api/auth/change-email")).status, 200);
          // Bob gets the freed address (a reassigned mailbox, say) and an account with it.
          const bob = app.browser();
          await signUp(bob, old, OWNER_PASSWORD);
          const bobId = (await app.adapter.getUserByEmail(old))!.id;
          assert.notEqual(bobId, aliceId);

          const used = await follow(app.browser(), reset.url, "/api/auth/reset-password", {
            password: "whoever holds the old link 42",
          });
          assert.equal(errorOf(used), "PasswordResetInvalid");
          assert.ok(
            signedIn(await passwordSignIn(app.browser(), old, OWNER_PASSWORD)),
            "Bob's password stands",
          );
          assert.ok(
            signedIn(await passwordSignIn(app.browser(), "moved@example.test", PASSWORD)),
            "Alice's too",
          );
        });

        test("a reset link made outside a request (admin, CLI) dies with a password change or a disable", async () => {
          const app = await appOf();
          const userId = await seedPasswordUser(app.adapter, OWNER, { now: app.clock.now });
          const made = async () => {
            const link = await createPasswordResetLink({
              adapter: app.adapter,
              url: `${APP}/api/auth`,
              email: OWNER,
              now: app.clock.now,
            });
            assert.ok(link);
            assert.equal(new URL(link.url).searchParams.get("user"), userId);
            return link.url;
          };
          const first = await made();
          const owner = app.browser();
          assert.ok(signedIn(await passwordSignIn(owner, OWNER, PASSWORD)));
          await postJson(owner, "change-password", {
            currentPassword: PASSWORD,
            newPassword: OWNER_PASSWORD,
          });
          const stale = await follow(app.browser(), first, "/api/auth/reset-password", {
            password: "no longer 1234",
          });
          assert.equal(errorOf(stale), "PasswordResetInvalid");

          const second = await made();
          await disableUser({ adapter: app.adapter, userId, now: app.clock.now });
          const afterDisable = await follow(app.browser(), second, "/api/auth/reset-password", {
            password: "no longer 5678",
          });
          assert.equal(errorOf(afterDisable), "PasswordResetInvalid");
          assert.ok(signedIn(await passwordSignIn(app.browser(), OWNER, OWNER_PASSWORD)) === false);
        });

        test("this wasn't me cancels the change and ends the attacker's session", async () => {
          const app = await appOf();
          const { userId, owner, thief, confirm, cancel, notice } = await stolenSession(app);
          assert.match(notice.text, /This wasn't me|stop it now/);
          assert.equal(new URL(cancel).pathname, "/api/auth/cancel-email-change");
          // Opening the link changes nothing (mail scanners fetch it): a page with one button.
          const reader = app.browser();
          const link = new URL(cancel);
          const page = await reader.request(link.pathname + link.search);
          assert.equal(page.status, 200);
          const html = await page.text();
          assert.match(html, /Stop the email change/);
          assert.ok(await signedInAs(thief), "still signed in before the button");

          const stopped = await reader.request("/api/auth/cancel-email-change", { form: formFields(html) });
          assert.equal(stopped.status, 200);
          assert.equal(sessionTokenSet(stopped), undefined, "it signs nobody in");
          const result = await stopped.text();
          assert.match(result, /The email change is cancelled and every device is signed out/);
          assert.equal(await signedInAs(thief), undefined, "the thief's session ended");
          assert.equal(await signedInAs(owner), undefined, "every session ended, on both strategies");
          await assertChangeDead(app, thief, confirm, userId);
          const [entry] = (
            await app.adapter.queryAudit({ userId, kinds: ["email-change-cancelled"], limit: 5 })
          ).entries;
          assert.equal(entry?.detail.restored, true);

          // It leads to a new password: its form sends the usual reset mail to the address.
          const resetForm = formFields(result);
          assert.equal(resetForm.email, OWNER);
          const asked = await reader.request("/api/auth/forgot-password", { form: resetForm });
          assert.equal(asked.status, 302);
          const reset = await app.mailTo(OWNER, "reset-password");
          const done = await follow(reader, reset.url, "/api/auth/reset-password", {
            password: OWNER_PASSWORD,
          });
          assert.equal(errorOf(done), null);
          assert.ok(signedIn(await passwordSignIn(app.browser(), OWNER, OWNER_PASSWORD)));
        });

        test("this wasn't me still works after the attacker completed the change: the address comes back", async () => {
          const app = await appOf();
          const { userId, thief, confirm, cancel } = await stolenSession(app);
          const { email } = await thiefConfirms(app, thief, confirm, userId);
          assert.equal(email, THIEF, "the thief completed the change (the generation moved)");
          // The thief asks for a reset link at their address, to keep the account.
          await postForm(app.browser(), "/api/auth/forgot-password", { email: THIEF });
          const thiefReset = await app.mailTo(THIEF, "reset-password");

          const stopped = await follow(app.browser(), cancel, "/api/auth/cancel-email-change");
          assert.equal(stopped.status, 200);
          assert.match(await stopped.text(), /address is <strong>owner@example\.test<\/strong>/);
          const user = await app.adapter.getUser(userId);
          assert.equal(user?.email, OWNER, "the address is the owner's again");
          assert.ok(user?.emailVerified);
          assert.equal(await signedInAs(thief), undefined);
          const used = await follow(app.browser(), thiefReset.url, "/api/auth/reset-password", {
            password: "thief keeps it 1234",
          });
          assert.equal(errorOf(used), "PasswordResetInvalid", "the thief's reset link died");
        });

        test("this wasn't me works once, and only for the account it was sent about", async () => {
          const app = await appOf();
          const { userId, cancel } = await stolenSession(app);
          const link = new URL(cancel);
          const browser = app.browser();
          const fields = formFields(await (await browser.request(link.pathname + link.search)).text());
          assert.equal(
            (await browser.request("/api/auth/cancel-email-change", { form: fields })).status,
            200,
          );
          const again = await browser.request("/api/auth/cancel-email-change", {
            form: { ...fields, csrfToken: await browser.csrf() },
          });
          assert.equal(errorOf(again), "Verification");
          const otherId = await seedPasswordUser(app.adapter, "other@example.test", { now: app.clock.now });
          const forged = await browser.request("/api/auth/cancel-email-change", {
            form: { ...fields, user: otherId, csrfToken: await browser.csrf() },
          });
          assert.equal(errorOf(forged), "Verification");
          assert.notEqual(otherId, userId);
        });

        test("a pending two-factor sign-in dies when the owner resets the password", async () => {
          const app = await appOf();
          await seedPasswordUser(app.adapter, OWNER, { now: app.clock.now });
          const owner = app.browser();
          assert.ok(signedIn(await passwordSignIn(owner, OWNER, PASSWORD)));
          const enrol = await postJson(owner, "two-factor-enroll");
          const secret = enrol.body.secret as string;
          assert.equal(
            (await postJson(owner, "two-factor-confirm", { code: totpCode(secret, app.clock.now) })).status,
            200,
          );
          app.clock.now += 2 * STEP_MS;
          // Someone with the password passes the first factor...
          const attacker = app.browser();
          const first = await passwordSignIn(attacker, OWNER, PASSWORD);
          assert.equal(new URL(first.headers.get("location")!).pathname, "/api/auth/two-factor");
          // ...the owner resets the password...
          await postForm(app.browser(), "/api/auth/forgot-password", { email: OWNER });
          const reset = await app.mailTo(OWNER, "reset-password");
          await follow(app.browser(), reset.url, "/api/auth/reset-password", { password: OWNER_PASSWORD });
          // ...and a right code no longer finishes that sign-in.
          const second = await postForm(attacker, "/api/auth/two-factor", {
            code: totpCode(secret, app.clock.now),
          });
          assert.equal(errorOf(second), "AccountChanged");
          assert.equal(signedIn(second), false);
          assert.equal(await signedInAs(attacker), undefined);
        });
      });
    }
  });
}
