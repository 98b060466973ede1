import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSoftwareAuthenticator, FLAG, newKeyPair } from "@gatehouse/passkeys/testing";
import { disableUser, enableUser } from "../../src/index.ts";
import { VALID_AFTER_TTL_MS } from "../../src/session/sessions-valid-after.ts";
import { APP, BASE, errorOf, formFields, sessionOf, sessionTokenSet, signOut } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import {
  assertion,
  assertRefused,
  assertSignedIn,
  CALLBACK,
  ceremonyOptions,
  mailsTo,
  mailTo,
  type PasskeyApp,
  type PasskeyAppOptions,
  type PasskeySuiteAdapter,
  passkeyApp,
  passkeySignIn,
  passkeySignUp,
  post,
  postAssertion,
  postSignUp,
  RP_ID,
  registerPasskey,
  settle,
  signUpCredential,
  userHandleOf,
  userWithPasskey,
} from "./passkey-accounts.ts";
import { firstFactor, postJson, totpCode } from "./two-factor-accounts.ts";

const CHALLENGE_COOKIE = "gatehouse.passkey";
const PENDING_COOKIE = "gatehouse.two-factor";
/** The challenge cookie lives 5 minutes; its JWT is read with 10 s of clock tolerance. */
const CHALLENGE_LIFETIME_MS = (5 * 60 + 10) * 1000;
const CHECK_YOUR_EMAIL = `${BASE}/verify-request?provider=passkey&type=signup`;
const CONCURRENT_SIGN_UPS = 20;

/**
 * Passkeys end to end through the handler — registration and management, sign-in and its refusals,
 * two-factor interplay, passkey-only sign-up and disabled users — on the storage `open` gives (a
 * fresh one per test), with jwt and with database sessions. Core runs it on the memory adapter,
 * `@gatehouse/sql` on SQLite and PostgreSQL.
 */
export function passkeySuite(label: string, open: () => Promise<OpenedStorage<PasskeySuiteAdapter>>): void {
  describe(label, () => {
    const storage = freshStorage(open);

    for (const strategy of ["jwt", "database"] as const) {
      describe(`${strategy} sessions`, () => {
        const appOf = async (options: Omit<PasskeyAppOptions, "strategy"> = {}) =>
          passkeyApp(await storage(), { strategy, ...options });

        test("register → list → rename → sign out → passkey sign-in in a fresh browser → delete", async () => {
          const app = await appOf();
          const email = "ada@example.test";
          const userId = await app.seedUser(email);
          const laptop = app.browser();
          assert.ok(sessionTokenSet(await firstFactor(laptop, email)));

          const options = await ceremonyOptions(laptop, "passkey-register-options");
          assert.equal((options.rp as { id: string }).id, "localhost");
          assert.equal(options.user?.id, userHandleOf(userId));
          assert.ok(laptop.jar.has(CHALLENGE_COOKIE));
          // The registration proper, with the options' challenge.
          const authenticator = await createSoftwareAuthenticator();
          const credential = await authenticator.register({
            challenge: options.challenge,
            origin: APP,
            rpId: RP_ID,
          });
          const registered = await post(laptop, "passkey-register", {
            response: JSON.stringify(credential),
            name: "Laptop",
          });
          assert.equal(registered.status, 200, JSON.stringify(registered.body));
          const passkey = registered.body.passkey as Record<string, unknown>;
          assert.equal(passkey.id, authenticator.id);
          assert.equal(passkey.name, "Laptop");
          assert.equal(passkey.createdAt, new Date(app.clock.now).toISOString());
          assert.equal(passkey.lastUsedAt, null);
          assert.equal(laptop.jar.has(CHALLENGE_COOKIE), false, "the challenge cookie is spent");

          const listed = await laptop.request("/api/auth/passkeys");
          assert.equal(listed.status, 200);
          const text = await listed.text();
          assert.doesNotMatch(text, /publicKey|counter/i, "never the public key");
          const list = (JSON.parse(text) as { passkeys: Record<string, unknown>[] }).passkeys;
          assert.equal(list.length, 1);
          assert.deepEqual(Object.keys(list[0]!).sort(), [
            "backedUp",
            "createdAt",
            "deviceType",
            "id",
            "lastUsedAt",
            "name",
            "transports",
          ]);
          assert.equal(list[0]!.name, "Laptop");

          assert.deepEqual(
            (await post(laptop, "passkey-rename", { id: authenticator.id, name: "Work laptop" })).body,
            { ok: true },
          );
          const renamed = (await (await laptop.request("/api/auth/passkeys")).json()) as {
            passkeys: { name: string }[];
          };
          assert.deepEqual(
            renamed.passkeys.map((each) => each.name),
            ["Work laptop"],
          );
          assert.equal((await app.adapter.getPasskey(authenticator.id))?.name, "Work laptop");

          await signOut(laptop);
          assert.deepEqual(await sessionOf(laptop), {});
          app.clock.now += 60_000;
          const phone = app.browser();
          const signedIn = await passkeySignIn(phone, authenticator, { userHandle: userHandleOf(userId) });
          await assertSignedIn(phone, signedIn, email);
          assert.equal(phone.jar.has(CHALLENGE_COOKIE), false, "the challenge cookie is spent");
          // usePasskey recorded the sign-in.
          assert.equal(
            (await app.adapter.getPasskey(authenticator.id))?.lastUsedAt?.getTime(),
            app.clock.now,
          );

          const deleted = await post(phone, "passkey-delete", { id: authenticator.id });
          assert.deepEqual(deleted.body, { ok: true });
          assert.equal(await app.adapter.getPasskey(authenticator.id), null);
          const again = await post(phone, "passkey-delete", { id: authenticator.id });
          assert.equal(again.status, 404);
          assert.equal(again.body.error, "PasskeyNotFound");
          assertRefused(
            app,
            await passkeySignIn(app.browser(), authenticator),
            /no passkey has this credential id/,
          );
        });

        test("managing passkeys needs a session, and only one's own passkeys", async () => {
          const app = await appOf();
          const anonymous = app.browser();
          const options = await post(anonymous, "passkey-register-options");
          assert.equal(options.status, 401);
          assert.equal(options.body.error, "SessionRequired");
          assert.equal(anonymous.jar.has(CHALLENGE_COOKIE), false);
          assert.equal((await anonymous.request("/api/auth/passkeys")).status, 401);

          const ada = await userWithPasskey(app, "ada@example.test");
          const grace = await userWithPasskey(app, "grace@example.test");
          for (const action of ["passkey-rename", "passkey-delete"]) {
            const answer = await post(grace.browser, action, { id: ada.authenticator.id, name: "Mine now" });
            assert.equal(answer.status, 404, action);
            assert.equal(answer.body.error, "PasskeyNotFound", action);
          }
          assert.equal((await app.adapter.getPasskey(ada.authenticator.id))?.name, "Passkey");
          assert.equal((await app.adapter.listPasskeys(ada.userId)).length, 1);
        });

        test("an assertion posted twice, or over a copied challenge cookie, is refused the second time", async () => {
          const app = await appOf();
          const { authenticator, userHandle } = await userWithPasskey(app, "ada@example.test");
          const browser = app.browser();
          const { challenge } = await ceremonyOptions(browser, "passkey-options");
          const copied = browser.jar.get(CHALLENGE_COOKIE)!;
          // Counter 0 (an authenticator that does not count): only the spent challenge stops a replay.
          const response = await assertion(authenticator, challenge, { userHandle });
          await assertSignedIn(browser, await postAssertion(browser, response), "ada@example.test");
          assertRefused(app, await postAssertion(browser, response), /no challenge cookie/);

          const thief = app.browser();
          thief.jar.set(CHALLENGE_COOKIE, copied);
          assertRefused(app, await postAssertion(thief, response), /already used/);
          // A fresh signature over the spent challenge fares no better.
          const fresh = app.browser();
          fresh.jar.set(CHALLENGE_COOKIE, copied);
          assertRefused(
            app,
            await postAssertion(fresh, await assertion(authenticator, challenge, { userHandle, counter: 1 })),
            /already used/,
          );
        });

        const forged: [string, (app: PasskeyApp) => Promise<Parameters<typeof assertion>[2]>, RegExp][] = [
          [
            "signed by another key",
            async () => ({ signWith: (await newKeyPair()).privateKey }),
            /signature does not verify/,
          ],
          [
            "whose user handle names another user",
            async (app) => ({ userHandle: userHandleOf(await app.seedUser("eve@example.test")) }),
            /user handle does not name/,
          ],
          [
            "from another origin",
            async () => ({ origin: "https://evil.example" }),
            /origin "https:\/\/evil\.example"/,
          ],
          ["for another RP ID", async () => ({ rpId: "evil.example" }), /Unexpected RP ID hash/],
          ["without user verification", async () => ({ flags: FLAG.UP }), /User verification required/],
        ];
        for (const [name, tweaks, cause] of forged) {
          test(`an assertion ${name} is PasskeyInvalid`, async () => {
            const app = await appOf();
            const { authenticator, userHandle } = await userWithPasskey(app, "ada@example.test");
            const browser = app.browser();
            assertRefused(
              app,
              await passkeySignIn(browser, authenticator, { userHandle, ...(await tweaks(app)) }),
              cause,
            );
            assert.deepEqual(await sessionOf(browser), {});
            // The passkey itself is fine: an honest assertion signs in.
            await assertSignedIn(
              browser,
              await passkeySignIn(browser, authenticator, { userHandle }),
              "ada@example.test",
            );
          });
        }

        test("a counter that goes back is PasskeyInvalid and logged as PasskeyCounterRegressed", async () => {
          const app = await appOf();
          const { authenticator, userHandle, userId } = await userWithPasskey(app, "ada@example.test");
          const first = app.browser();
          await assertSignedIn(
            first,
            await passkeySignIn(first, authenticator, { userHandle, counter: 5 }),
            "ada@example.test",
          );
          await signOut(first);
          assert.equal((await app.adapter.getPasskey(authenticator.id))?.counter, 5);
          assert.equal(app.logged("PasskeyCounterRegressed").length, 0);
          assertRefused(
            app,
            await passkeySignIn(first, authenticator, { userHandle, counter: 3 }),
            /counter 3 is not above the stored 5/,
          );
          assertRefused(
            app,
            await passkeySignIn(first, authenticator, { userHandle, counter: 5 }),
            /counter 5 is not above the stored 5/,
          );
          const regressed = app.logged("PasskeyCounterRegressed");
          assert.equal(regressed.length, 2);
          assert.deepEqual(regressed[0]!.detail, { userId, passkeyId: authenticator.id });
          assert.equal(
            (await app.adapter.getPasskey(authenticator.id))?.counter,
            5,
            "the stored counter stays",
          );
          await assertSignedIn(
            first,
            await passkeySignIn(first, authenticator, { userHandle, counter: 6 }),
            "ada@example.test",
          );
        });

        test("a challenge from browser A used in browser B is PasskeyInvalid", async () => {
          const app = await appOf();
          const { authenticator, userHandle } = await userWithPasskey(app, "ada@example.test");
          const a = app.browser();
          const b = app.browser();
          const { challenge } = await ceremonyOptions(a, "passkey-options");
          const response = await assertion(authenticator, challenge, { userHandle });
          assertRefused(app, await postAssertion(b, response), /no challenge cookie/);
          // B's own ceremony is another challenge.
          await ceremonyOptions(b, "passkey-options");
          assertRefused(
            app,
            await postAssertion(b, response),
            /Unexpected authentication response challenge/,
          );
          await assertSignedIn(a, await postAssertion(a, response), "ada@example.test");
        });

        test("a challenge older than 5 minutes is PasskeyInvalid", async () => {
          const app = await appOf();
          const { authenticator, userHandle } = await userWithPasskey(app, "ada@example.test");
          const prompt = app.browser();
          const late = app.browser();
          const issuedAt = app.clock.now;
          const early = await ceremonyOptions(prompt, "passkey-options");
          const stale = await ceremonyOptions(late, "passkey-options");
          app.clock.now = issuedAt + 5 * 60_000 - 10_000;
          await assertSignedIn(
            prompt,
            await postAssertion(prompt, await assertion(authenticator, early.challenge, { userHandle })),
            "ada@example.test",
          );
          app.clock.now = issuedAt + CHALLENGE_LIFETIME_MS + 1000;
          assertRefused(
            app,
            await postAssertion(late, await assertion(authenticator, stale.challenge, { userHandle })),
            /no challenge cookie that opens/,
          );
        });

        test("registration over a sign-in challenge, or over another user's registration cookie, is PasskeyRegistrationFailed", async () => {
          const app = await appOf();
          await app.seedUser("ada@example.test");
          await app.seedUser("grace@example.test");
          const ada = app.browser();
          const grace = app.browser();
          assert.ok(sessionTokenSet(await firstFactor(ada, "ada@example.test")));
          assert.ok(sessionTokenSet(await firstFactor(grace, "grace@example.test")));
          const authenticator = await createSoftwareAuthenticator();

          const signInKind = await ceremonyOptions(grace, "passkey-options");
          const credential = await authenticator.register({
            challenge: signInKind.challenge,
            origin: APP,
            rpId: RP_ID,
          });
          const refused = await post(grace, "passkey-register", { response: JSON.stringify(credential) });
          assert.equal(refused.status, 400);
          assert.equal(refused.body.error, "PasskeyRegistrationFailed");

          const adas = await ceremonyOptions(ada, "passkey-register-options");
          grace.jar.set(CHALLENGE_COOKIE, ada.jar.get(CHALLENGE_COOKIE)!);
          const overAdas = await authenticator.register({
            challenge: adas.challenge,
            origin: APP,
            rpId: RP_ID,
          });
          const stolen = await post(grace, "passkey-register", { response: JSON.stringify(overAdas) });
          assert.equal(stolen.status, 400);
          assert.equal(stolen.body.error, "PasskeyRegistrationFailed");
          assert.equal(await app.adapter.getPasskey(authenticator.id), null, "nothing stored");
          assert.equal(app.logged("PasskeyRegistrationFailed").length, 2);
          // Grace's own ceremony registers: the refusals were about the challenges.
          await registerPasskey(grace);
        });

        test("with TOTP on, a passkey signs in at once while a password stops at the second step", async () => {
          const app = await appOf();
          const email = "ada@example.test";
          const { userId, browser, authenticator, userHandle } = await userWithPasskey(app, email);
          const enrolled = await postJson(browser, "two-factor-enroll");
          assert.equal(enrolled.status, 200);
          const code = totpCode(enrolled.body.secret as string, app.clock.now);
          assert.equal((await postJson(browser, "two-factor-confirm", { code })).status, 200);
          assert.ok((await app.adapter.getTwoFactor(userId))?.enabledAt instanceof Date);
          await signOut(browser);

          const withPassword = app.browser();
          const stopped = await firstFactor(withPassword, email);
          assert.equal(stopped.headers.get("location"), `${BASE}/two-factor`);
          assert.equal(sessionTokenSet(stopped), undefined);
          assert.ok(withPassword.jar.has(PENDING_COOKIE));

          const withPasskey = app.browser();
          await assertSignedIn(
            withPasskey,
            await passkeySignIn(withPasskey, authenticator, { userHandle }),
            email,
          );
          assert.equal(withPasskey.jar.has(PENDING_COOKIE), false, "no second step pending");
          // Issue 23: its session says the passkey was the second factor too (one that verified the user).
          const listed = await withPasskey.request("/api/auth/sessions");
          const { sessions } = (await listed.json()) as {
            sessions: { current: boolean; method: string; secondFactor: string | null }[];
          };
          const current = sessions.find((session) => session.current);
          assert.deepEqual([current?.method, current?.secondFactor], ["passkey", "passkey"]);
        });

        test("twoFactor.required: a password sign-in without two-factor goes to enrolment, a passkey one to the callback URL", async () => {
          const app = await appOf({ twoFactor: { required: true } });
          const email = "ada@example.test";
          const { authenticator, userHandle } = await userWithPasskey(app, email);

          const withPassword = app.browser();
          const answer = await firstFactor(withPassword, email);
          const location = new URL(answer.headers.get("location") ?? "");
          assert.equal(`${location.origin}${location.pathname}`, `${BASE}/two-factor-setup`);
          assert.deepEqual([...location.searchParams], [["callbackUrl", CALLBACK]]);
          assert.ok(sessionTokenSet(answer), "signed in, then sent to enrolment");
          assert.equal((await sessionOf(withPassword)).user?.email, email);

          const withPasskey = app.browser();
          await assertSignedIn(
            withPasskey,
            await passkeySignIn(withPasskey, authenticator, { userHandle }),
            email,
          );
        });

        test("passkey-only sign-up: check your email → EmailNotVerified (links resent, rate limited) → link → sign-in", async () => {
          const app = await appOf();
          const email = "new@example.test";
          const browser = app.browser();
          const { authenticator, userId, answer } = await passkeySignUp(browser, email);
          assert.equal(answer.status, 200);
          assert.deepEqual(answer.body, { url: CHECK_YOUR_EMAIL });
          assert.equal(sessionTokenSet(answer.response), undefined);
          const user = await app.adapter.getUserByEmail(email);
          assert.equal(user?.id, userId);
          assert.equal(user?.name, "Pat");
          assert.equal(user?.emailVerified, null);
          assert.deepEqual(
            (await app.adapter.listPasskeys(userId)).map((passkey) => passkey.id),
            [authenticator.id],
          );
          await mailTo(app, email, "verify-email");

          // Not verified yet: refused, and a new link goes out — three times in 15 minutes, then no more.
          const userHandle = userHandleOf(userId);
          for (const n of [2, 3, 4, 5]) {
            const early = await passkeySignIn(browser, authenticator, { userHandle });
            assert.equal(early.status, 403);
            assert.equal(early.body.error, "EmailNotVerified");
            assert.equal(sessionTokenSet(early.response), undefined);
            if (n <= 4) await mailTo(app, email, "verify-email", n);
          }
          await settle();
          const links = mailsTo(app, email, "verify-email");
          assert.equal(links.length, 4, "the fourth refusal sends no link");

          const link = new URL(links.at(-1)!.url);
          assert.equal(link.pathname, "/api/auth/verify-email");
          const page = await browser.request(link.pathname + link.search);
          assert.equal(page.status, 200);
          const verified = await browser.request("/api/auth/verify-email", {
            form: formFields(await page.text()),
          });
          assert.equal(verified.status, 200);
          assert.match(await verified.text(), /Email verified/i);
          assert.ok((await app.adapter.getUser(userId))?.emailVerified instanceof Date);
          await assertSignedIn(browser, await passkeySignIn(browser, authenticator, { userHandle }), email);
        });

        test("sign-up with an address that has an account: the same answer, a note to the owner, nothing stored", async () => {
          const app = await appOf();
          const ownerId = await app.seedUser("taken@example.test");
          const fresh = await passkeySignUp(app.browser(), "new@example.test");
          const taken = await passkeySignUp(app.browser(), "taken@example.test");
          assert.equal(taken.answer.status, fresh.answer.status);
          assert.deepEqual(taken.answer.body, fresh.answer.body);
          assert.deepEqual(taken.answer.body, { url: CHECK_YOUR_EMAIL });
          const note = await mailTo(app, "taken@example.test", "account-exists");
          assert.equal(new URL(note.url).pathname, "/api/auth/signin");
          await mailTo(app, "new@example.test", "verify-email");
          await settle();
          assert.equal(mailsTo(app, "taken@example.test", "verify-email").length, 0);
          assert.equal((await app.adapter.getUserByEmail("taken@example.test"))?.id, ownerId);
          assert.equal(await app.adapter.getUser(taken.userId), null, "no second user");
          assert.equal(await app.adapter.getPasskey(taken.authenticator.id), null, "no passkey stored");
          assert.deepEqual(await app.adapter.listPasskeys(ownerId), []);
          assert.equal((await app.adapter.getPasskey(fresh.authenticator.id))?.userId, fresh.userId);
        });

        test("with requireEmailVerification: false, sign-up signs the new account in at once", async () => {
          const app = await appOf({ requireEmailVerification: false });
          const email = "quick@example.test";
          const browser = app.browser();
          const { authenticator, userId, answer } = await passkeySignUp(browser, email);
          await assertSignedIn(browser, answer, email);
          // Signed in, but nobody proved the address: it stays unverified (pre-account hijacking).
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null);
          await signOut(browser);
          await assertSignedIn(
            browser,
            await passkeySignIn(browser, authenticator, { userHandle: userHandleOf(userId) }),
            email,
          );
          await settle();
          assert.equal(mailsTo(app, email, "verify-email").length, 0);
        });

        test(`${CONCURRENT_SIGN_UPS} concurrent sign-ups for one address make exactly one user`, async () => {
          // Rate limits off: sign-up's per-address limit (3 in 10 minutes) would stop all but three at
          // the options step, and the race to store the account is what is under test.
          const app = await appOf({ rateLimit: false });
          const email = "race@example.test";
          const people = await Promise.all(
            Array.from({ length: CONCURRENT_SIGN_UPS }, async () => {
              const browser = app.browser();
              return { browser, ...(await signUpCredential(browser, email)) };
            }),
          );
          assert.equal(new Set(people.map((person) => person.userId)).size, CONCURRENT_SIGN_UPS);
          const answers = await Promise.all(
            people.map((person) => postSignUp(person.browser, person.response)),
          );
          for (const answer of answers) {
            assert.equal(answer.status, 200, JSON.stringify(answer.body));
            assert.deepEqual(answer.body, { url: CHECK_YOUR_EMAIL });
          }
          const users = (
            await Promise.all(people.map((person) => app.adapter.getUser(person.userId)))
          ).filter((user) => user !== null);
          assert.equal(users.length, 1, "exactly one user");
          assert.equal((await app.adapter.getUserByEmail(email))?.id, users[0]!.id);
          const passkeys = (
            await Promise.all(people.map((person) => app.adapter.getPasskey(person.authenticator.id)))
          ).filter((passkey) => passkey !== null);
          assert.deepEqual(
            passkeys.map((passkey) => passkey.userId),
            [users[0]!.id],
            "exactly one passkey, the user's",
          );
          await mailTo(app, email, "account-exists", CONCURRENT_SIGN_UPS - 1);
          await settle();
          assert.equal(mailsTo(app, email, "verify-email").length, 1);
        });

        test("a disabled user has no session and is refused by password and passkey until enabled", async () => {
          const app = await appOf();
          const email = "ada@example.test";
          const { userId, browser, authenticator, userHandle } = await userWithPasskey(app, email);
          assert.equal((await sessionOf(browser)).user?.email, email);
          app.clock.now += 10;
          assert.equal((await disableUser({ adapter: app.adapter, userId, now: app.clock.now }))?.id, userId);
          // A jwt session ends once this instance's cached "valid after" time (1 s) is read again.
          app.clock.now += VALID_AFTER_TTL_MS;
          assert.deepEqual(await sessionOf(browser), {});

          const other = app.browser();
          assert.equal(
            errorOf(await firstFactor(other, email, "not the password at all")),
            "CredentialsSignin",
          );
          const withPassword = await firstFactor(other, email);
          assert.equal(errorOf(withPassword), "AccountDisabled");
          assert.equal(sessionTokenSet(withPassword), undefined);
          const withPasskey = await passkeySignIn(other, authenticator, { userHandle });
          assert.equal(withPasskey.status, 403);
          assert.equal(withPasskey.body.error, "AccountDisabled");
          assert.equal(sessionTokenSet(withPasskey.response), undefined);
          assert.deepEqual(await sessionOf(other), {});
          assert.equal(app.logged("SignInRefusedDisabled").length, 2);

          assert.equal((await enableUser({ adapter: app.adapter, userId }))?.id, userId);
          assert.deepEqual(await sessionOf(browser), {}, "the sessions that ended stay ended");
          assert.ok(sessionTokenSet(await firstFactor(other, email)));
          await signOut(other);
          await assertSignedIn(other, await passkeySignIn(other, authenticator, { userHandle }), email);
        });
      });
    }
  });
}
