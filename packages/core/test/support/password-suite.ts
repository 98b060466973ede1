import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { ConfigError, createPasswordResetLink, hashPassword, verifyPassword } from "../../src/index.ts";
import { APP, BASE, errorOf, formFields, sessionOf, sessionTokenSet, type TestBrowser } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { type Mailbox, startMailbox } from "./mailbox.ts";
import {
  follow,
  GOOD_PASSWORD,
  linkIn,
  nextMail,
  noMail,
  passwordApp,
  passwordSignIn,
  SIGN_UP,
  signUpVerified,
  submit,
} from "./password-accounts.ts";
import { seedPasswordUser } from "./seed.ts";

/** What the suite calls on storage directly (to seed users and look at what was stored). */
export type SuiteAdapter = Adapter &
  Required<
    Pick<Adapter, "createUser" | "getUserByEmail" | "getPasswordHash" | "setPasswordHash" | "createSession">
  >;

/**
 * The password account flows, end to end through the handler, on the storage `open` gives (a fresh
 * one per group; each is closed after the suite) and a real SMTP server. Core runs it on the memory
 * adapter, `@gatehouse/sql` on SQLite and PostgreSQL.
 */
export function passwordAccountSuite(label: string, open: () => Promise<OpenedStorage<SuiteAdapter>>): void {
  describe(label, () => {
    let mailbox: Mailbox;
    const fresh = freshStorage(open);
    before(async () => {
      mailbox = await startMailbox();
    });
    after(async () => {
      await mailbox.close();
    });

    async function signedInEmail(browser: TestBrowser): Promise<string | null | undefined> {
      return (await sessionOf(browser)).user?.email;
    }

    for (const strategy of ["database", "jwt"] as const) {
      describe(`${strategy} sessions`, () => {
        let adapter: SuiteAdapter;
        let browser: (clientAddress?: string) => TestBrowser;
        let logger: { lines: string[] };
        before(async () => {
          adapter = await fresh();
          ({ browser, logger } = passwordApp(mailbox, adapter, { session: { strategy } }));
        });

        test("sign-up → verification mail → confirm page → verified → sign-in", async () => {
          const person = browser();
          const email = `ada-${strategy}@example.test`;
          const count = mailbox.messages.length;
          const answer = await submit(person, SIGN_UP, { email, password: GOOD_PASSWORD, name: "Ada" });
          assert.equal(answer.status, 302);
          assert.equal(
            answer.headers.get("location"),
            // With the address, which the page shows and can send to again (issue 23).
            `${BASE}/verify-request?provider=password&type=signup&email=${encodeURIComponent(email)}`,
          );
          const mail = await nextMail(mailbox, count, email);
          assert.match(mail.subject, /Confirm your email/);

          // Not verified yet: the right password is refused with EmailNotVerified, and a new link goes out.
          const early = await passwordSignIn(person, email, GOOD_PASSWORD);
          assert.equal(errorOf(early), "EmailNotVerified");
          assert.equal(sessionTokenSet(early), undefined);
          await nextMail(mailbox, count + 1, email);

          // Opening the link is a page with a button; only its POST verifies.
          const link = linkIn(mail);
          assert.equal(link.pathname, "/api/auth/verify-email");
          const confirmPage = await person.request(link.pathname + link.search);
          assert.equal(confirmPage.status, 200);
          assert.equal((await adapter.getUserByEmail(email))?.emailVerified, null);
          const fields = formFields(await confirmPage.text());
          const verified = await person.request("/api/auth/verify-email", { form: fields });
          assert.equal(verified.status, 200);
          assert.match(await verified.text(), /Email verified/i);
          assert.ok((await adapter.getUserByEmail(email))?.emailVerified instanceof Date);
          // Single use: its POST again, and its page, which has nothing left to confirm.
          const again = await person.request("/api/auth/verify-email", {
            form: { ...fields, csrfToken: await person.csrf() },
          });
          assert.equal(errorOf(again), "Verification");
          assert.equal(errorOf(await person.request(link.pathname + link.search)), "Verification");

          const signedIn = await passwordSignIn(person, email, GOOD_PASSWORD);
          assert.equal(signedIn.status, 302);
          assert.equal(signedIn.headers.get("location"), `${APP}/home`);
          assert.ok(sessionTokenSet(signedIn));
          assert.equal(await signedInEmail(person), email);
          const user = await adapter.getUserByEmail(email);
          assert.equal(user?.name, "Ada");
          const stored = await adapter.getPasswordHash(user!.id);
          assert.match(stored ?? "", /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
        });

        test("sign-up for a taken address answers the same, mails the owner, creates nothing", async () => {
          const email = `taken-${strategy}@example.test`;
          const before = mailbox.messages.length;
          const first = await submit(browser(), SIGN_UP, { email, password: GOOD_PASSWORD, name: "First" });
          await nextMail(mailbox, before, email);
          const count = mailbox.messages.length;
          const second = await submit(browser(), SIGN_UP, {
            email,
            password: "another good passphrase",
            name: "Second",
          });
          assert.equal(second.status, first.status);
          assert.equal(second.headers.get("location"), first.headers.get("location"));
          assert.equal(await second.text(), "");
          const mail = await nextMail(mailbox, count, email);
          assert.match(mail.subject, /already have an account/);
          assert.equal(linkIn(mail).pathname, "/api/auth/forgot-password");
          // The first sign-up's account, untouched: its name and password.
          const user = await adapter.getUserByEmail(email);
          assert.equal(user?.name, "First");
          assert.equal(
            (await verifyPassword(GOOD_PASSWORD, (await adapter.getPasswordHash(user!.id))!)).ok,
            true,
          );
        });

        test("a wrong password and an unknown address fail alike", async () => {
          const email = `grace-${strategy}@example.test`;
          const person = browser("198.51.100.20");
          await signUpVerified(person, mailbox, email);
          const wrong = await passwordSignIn(person, email, "not the password at all");
          const unknown = await passwordSignIn(person, `nobody-${strategy}@example.test`, GOOD_PASSWORD);
          for (const answer of [wrong, unknown]) {
            assert.equal(answer.status, 302);
            assert.equal(errorOf(answer), "CredentialsSignin");
            assert.equal(sessionTokenSet(answer), undefined);
          }
          // Alike but for the address each form had, which the page shows again (issue 23): it echoes
          // what was typed, so it tells nothing about the account.
          const withoutTyped = (answer: Response) => {
            const url = new URL(answer.headers.get("location")!);
            url.searchParams.delete("email");
            return url.href;
          };
          assert.equal(withoutTyped(wrong), withoutTyped(unknown));
          assert.equal(
            new URL(unknown.headers.get("location")!).searchParams.get("email"),
            `nobody-${strategy}@example.test`,
          );
          // JSON mode (an Auth.js client's signIn("password", { redirect: false })): 401 with the code in the URL.
          const csrfToken = await person.csrf();
          const json = await person.request("/api/auth/callback/password", {
            form: { csrfToken, email, password: "nope nope nope", json: "true" },
            headers: { "x-auth-return-redirect": "1" },
          });
          assert.equal(json.status, 401);
          assert.equal(
            new URL(((await json.json()) as { url: string }).url).searchParams.get("error"),
            "CredentialsSignin",
          );
        });

        test("the policy refuses short, long and breached passwords with their codes", async () => {
          const cases = [
            ["short", "PasswordTooShort"],
            ["x".repeat(257), "PasswordTooLong"],
            ["password123", "PasswordBreached"],
            ["qwertyuiop", "PasswordBreached"],
          ] as const;
          for (const [index, [password, code]] of cases.entries()) {
            const answer = await submit(browser(), SIGN_UP, {
              email: `policy${index}-${strategy}@example.test`,
              password,
            });
            assert.equal(errorOf(answer), code, password.slice(0, 12));
            assert.equal(new URL(answer.headers.get("location")!).pathname, "/api/auth/signup");
          }
          for (const index of cases.keys()) {
            assert.equal(await adapter.getUserByEmail(`policy${index}-${strategy}@example.test`), null);
          }
          // NFKC: a full-width password is the same password as its ASCII form.
          const email = `nfkc-${strategy}@example.test`;
          await signUpVerified(browser(), mailbox, email, "ｆｕｌｌｗｉｄｔｈ ｐａｓｓ");
          assert.ok(sessionTokenSet(await passwordSignIn(browser(), email, "fullwidth pass")));
        });

        test("forgot → reset link → refused password keeps the link → reset ends every session", async () => {
          const email = `reset-${strategy}@example.test`;
          const laptop = browser("198.51.100.30");
          const phone = browser("203.0.113.9");
          await signUpVerified(laptop, mailbox, email);
          assert.ok(sessionTokenSet(await passwordSignIn(laptop, email, GOOD_PASSWORD)));
          const beforePhone = mailbox.messages.length;
          assert.ok(sessionTokenSet(await passwordSignIn(phone, email, GOOD_PASSWORD)));
          // The phone is a browser the account was not used on before: its owner is told.
          const alert = await nextMail(mailbox, beforePhone, email);
          assert.match(alert.subject, /New sign-in to your account/);
          assert.match(alert.text, /From: 203\.0\.113\.9/);

          const count = mailbox.messages.length;
          const asked = await submit(browser(), "/api/auth/forgot-password", { email });
          assert.equal(
            asked.headers.get("location"),
            // With the address, which the page shows and can send to again (issue 23).
            `${BASE}/verify-request?provider=password&type=reset-password&email=${encodeURIComponent(email)}`,
          );
          const unknown = await submit(browser(), "/api/auth/forgot-password", {
            email: `ghost-${strategy}@example.test`,
          });
          assert.equal(unknown.status, asked.status);
          // Alike but for the echoed address, which tells nothing about the account.
          const withoutAddress = (answer: Response) => {
            const url = new URL(answer.headers.get("location") ?? "");
            url.searchParams.delete("email");
            return url.href;
          };
          assert.equal(withoutAddress(unknown), withoutAddress(asked));
          const mail = await nextMail(mailbox, count, email);
          assert.match(mail.subject, /Reset your password/);
          assert.match(mail.text, /1 hour/);
          await noMail(mailbox, count, `ghost-${strategy}@example.test`);

          const link = linkIn(mail);
          const stranger = browser("192.0.2.50");
          const refused = await follow(stranger, link, "/api/auth/reset-password", { password: "password1" });
          assert.equal(errorOf(refused), "PasswordBreached");
          const back = new URL(refused.headers.get("location")!);
          assert.equal(back.pathname, "/api/auth/reset-password");
          assert.equal(back.searchParams.get("token"), link.searchParams.get("token"));

          const done = await follow(stranger, link, "/api/auth/reset-password", {
            password: "a brand new passphrase",
          });
          assert.equal(done.status, 302);
          const signInPage = new URL(done.headers.get("location")!);
          assert.equal(signInPage.pathname, "/api/auth/signin");
          assert.equal(signInPage.searchParams.get("notice"), "password-reset");

          // Both earlier sessions are over, on this strategy too.
          assert.equal(await signedInEmail(laptop), undefined);
          assert.equal(await signedInEmail(phone), undefined);
          assert.equal(errorOf(await passwordSignIn(laptop, email, GOOD_PASSWORD)), "CredentialsSignin");
          assert.ok(sessionTokenSet(await passwordSignIn(laptop, email, "a brand new passphrase")));
          // The link worked once.
          const reused = await follow(browser(), link, "/api/auth/reset-password", {
            password: "yet another passphrase",
          });
          assert.equal(errorOf(reused), "PasswordResetInvalid");
          const notice = await nextMail(mailbox, count + 1, email);
          assert.match(notice.subject, /password .* was changed/i);
        });

        test("change-password: current password required, other sessions end, this one stays", async () => {
          const email = `change-${strategy}@example.test`;
          const here = browser("198.51.100.40");
          const elsewhere = browser("203.0.113.40");
          await signUpVerified(here, mailbox, email);
          await passwordSignIn(here, email, GOOD_PASSWORD);
          await passwordSignIn(elsewhere, email, GOOD_PASSWORD);

          const signedOut = browser();
          const anonymous = await submit(signedOut, "/api/auth/change-password", {
            currentPassword: GOOD_PASSWORD,
            newPassword: "x",
          });
          assert.equal(anonymous.status, 401);
          assert.equal(((await anonymous.json()) as { error: string }).error, "SessionRequired");

          const wrong = await submit(here, "/api/auth/change-password", {
            currentPassword: "not my password",
            newPassword: "a completely new phrase",
          });
          assert.equal(wrong.status, 403);
          assert.equal(((await wrong.json()) as { error: string }).error, "CurrentPasswordIncorrect");
          const weak = await submit(here, "/api/auth/change-password", {
            currentPassword: GOOD_PASSWORD,
            newPassword: "12345678",
          });
          assert.equal(weak.status, 400);
          assert.equal(((await weak.json()) as { error: string }).error, "PasswordBreached");

          const changed = await submit(here, "/api/auth/change-password", {
            currentPassword: GOOD_PASSWORD,
            newPassword: "a completely new phrase",
          });
          assert.equal(changed.status, 200);
          assert.deepEqual(await changed.json(), { ok: true });
          assert.equal(await signedInEmail(here), email);
          assert.equal(await signedInEmail(elsewhere), undefined);
          assert.ok(sessionTokenSet(await passwordSignIn(browser(), email, "a completely new phrase")));
        });

        test("set-password: a user without one sets a first password, then signs in with it", async () => {
          const email = `oauth-only-${strategy}@example.test`;
          const user = await adapter.createUser({
            email,
            emailVerified: new Date(),
            name: null,
            image: null,
          });
          const person = browser();
          // Sign in the only way this user has: a reset link, which also works to set a first password…
          const count = mailbox.messages.length;
          await submit(person, "/api/auth/forgot-password", { email });
          const link = linkIn(await nextMail(mailbox, count, email));
          await follow(person, link, "/api/auth/reset-password", { password: "my very first password" });
          assert.ok(await adapter.getPasswordHash(user.id));
          const signedIn = await passwordSignIn(person, email, "my very first password");
          assert.ok(sessionTokenSet(signedIn));
          // …and set-password refuses a user who now has one.
          const again = await submit(person, "/api/auth/set-password", {
            newPassword: "another first password",
          });
          assert.equal(again.status, 409);
          assert.equal(((await again.json()) as { error: string }).error, "PasswordAlreadySet");
        });

        test("logs no errors", () => {
          assert.deepEqual(
            logger.lines.filter((l) => l.startsWith("error")),
            [],
          );
        });
      });
    }

    describe("set-password for a signed-in user without a password", () => {
      test("sets it once; a second call must use change-password", async () => {
        const adapter = await fresh();
        const { browser, auth } = passwordApp(mailbox, adapter, { session: { strategy: "database" } });
        const user = await adapter.createUser({
          email: "linked@example.test",
          emailVerified: new Date(),
          name: null,
          image: null,
        });
        // A session as a provider sign-in would leave one.
        const { createSessionToken, hashToken } = await import("../../src/session/session-token.ts");
        const token = createSessionToken();
        const expires = new Date(Date.now() + 60_000);
        // Setting a password needs a recent sign-in: the session's record says it just began. The
        // record brings its session row with it; without records, the row alone.
        const { recordIdOfTokenHash } = await import("../../src/session/session-records.ts");
        if (!adapter.createSessionRecord) {
          await adapter.createSession({ sessionToken: await hashToken(token), userId: user.id, expires });
        }
        await adapter.createSessionRecord?.({
          id: await recordIdOfTokenHash(await hashToken(token)),
          userId: user.id,
          sessionTokenHash: await hashToken(token),
          createdAt: new Date(),
          lastActiveAt: new Date(),
          expires,
          ip: null,
          userAgent: null,
          method: "github",
        });
        const person = browser();
        person.jar.set("gatehouse.session-token", token);
        const set = await submit(person, "/api/auth/set-password", { newPassword: "my first real password" });
        assert.equal(set.status, 200);
        assert.ok(await adapter.getPasswordHash(user.id));
        const second = await submit(person, "/api/auth/set-password", {
          newPassword: "another one entirely",
        });
        assert.equal(second.status, 409);
        assert.ok(auth);
      });
    });

    describe("a reset link made by an operator (createPasswordResetLink)", () => {
      test("works once on the reset page, like a mailed one; unknown addresses and bad input are told apart", async () => {
        const adapter = await fresh();
        const { browser } = passwordApp(mailbox, adapter, { session: { strategy: "database" } });
        const email = "operator-link@example.test";
        await adapter.createUser({ email, emailVerified: null, name: null, image: null });
        const made = await createPasswordResetLink({
          adapter,
          url: BASE,
          email: " Operator-Link@Example.test ",
        });
        assert.ok(made);
        assert.ok(made.expires.getTime() > Date.now() + 59 * 60_000);
        const link = new URL(made.url);
        assert.equal(link.pathname, "/api/auth/reset-password");
        const done = await follow(browser(), link, "/api/auth/reset-password", {
          password: "set by the link",
        });
        assert.equal(new URL(done.headers.get("location")!).searchParams.get("notice"), "password-reset");
        assert.ok(sessionTokenSet(await passwordSignIn(browser(), email, "set by the link")));
        const again = await follow(browser(), link, "/api/auth/reset-password", {
          password: "and once more",
        });
        assert.equal(errorOf(again), "PasswordResetInvalid");

        assert.equal(
          await createPasswordResetLink({ adapter, url: BASE, email: "nobody@example.test" }),
          null,
        );
        await assert.rejects(createPasswordResetLink({ adapter, url: "not a url", email }), ConfigError);
        await assert.rejects(
          createPasswordResetLink({ adapter, url: BASE, email: "no-at-sign" }),
          ConfigError,
        );
      });
    });

    describe("stored hashes", () => {
      test("an imported hash of a password NFKC changes still verifies (as typed), then is re-hashed", async () => {
        const adapter = await fresh();
        const { browser } = passwordApp(mailbox, adapter);
        const typed = "cafe\u0301 au lait ＡＢＣ"; // a decomposed é and full-width letters
        const { pbkdf2Sync } = await import("node:crypto");
        // Django hashed the text as typed (no NFKC): pbkdf2_sha256$iterations$salt$base64(key).
        const key = pbkdf2Sync(typed, "saltsaltsalt", 100_000, 32, "sha256").toString("base64");
        const user = await adapter.createUser({
          email: "typed@example.test",
          emailVerified: new Date(),
          name: null,
          image: null,
        });
        await adapter.setPasswordHash(user.id, `pbkdf2_sha256$100000$saltsaltsalt$${key}`);
        assert.ok(sessionTokenSet(await passwordSignIn(browser(), "typed@example.test", typed)));
        const now = (await adapter.getPasswordHash(user.id))!;
        assert.match(now, /^\$argon2id\$/);
        // From now on the normalised form is what is stored: either way of typing it works.
        assert.ok(
          sessionTokenSet(await passwordSignIn(browser(), "typed@example.test", typed.normalize("NFKC"))),
        );
      });

      test("weaker argon2id parameters and imported hashes are re-hashed on sign-in", async () => {
        const adapter = await fresh();
        const { browser } = passwordApp(mailbox, adapter);
        const password = "imported password 1";
        const weak = await hashPassword(password, { memory: 8192, passes: 1 });
        // Better Auth's scrypt format: hex salt ':' hex key (N=16384, r=16, p=1, 64 bytes).
        const { scryptSync, randomBytes } = await import("node:crypto");
        const salt = randomBytes(16).toString("hex");
        const key = scryptSync(password.normalize("NFKC"), salt, 64, {
          N: 16384,
          r: 16,
          p: 1,
          maxmem: 128 * 16384 * 16 * 2,
        });
        const betterAuth = `${salt}:${key.toString("hex")}`;
        for (const [email, stored] of [
          ["weak@example.test", weak],
          ["better-auth@example.test", betterAuth],
        ] as const) {
          const user = await adapter.createUser({
            email,
            emailVerified: new Date(),
            name: null,
            image: null,
          });
          await adapter.setPasswordHash(user.id, stored);
          assert.ok(sessionTokenSet(await passwordSignIn(browser(), email, password)), email);
          const now = (await adapter.getPasswordHash(user.id))!;
          assert.match(now, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/, email);
          assert.equal((await verifyPassword(password, now)).ok, true);
        }
      });
    });

    describe("jwt sessions end on every instance within a second", () => {
      test("a password change on instance A voids the user's older tokens on instance B after ≤ 1 s", async () => {
        const adapter = await fresh();
        let clock = Date.now();
        const a = passwordApp(mailbox, adapter, { session: { strategy: "jwt" }, now: () => clock });
        const b = passwordApp(mailbox, adapter, { session: { strategy: "jwt" }, now: () => clock });
        const email = "two-instances@example.test";
        await seedPasswordUser(adapter, email, { now: Date.now(), password: GOOD_PASSWORD });
        const here = a.browser();
        const other = a.browser();
        assert.ok(sessionTokenSet(await passwordSignIn(here, email, GOOD_PASSWORD)));
        assert.ok(sessionTokenSet(await passwordSignIn(other, email, GOOD_PASSWORD)));
        // The other browser's token, presented to instance B: valid, and B caches the user's time.
        const onB = b.browser();
        onB.jar.set("gatehouse.session-token", other.jar.get("gatehouse.session-token")!);
        assert.equal(await signedInEmail(onB), email);

        clock += 10;
        const changed = await submit(here, "/api/auth/change-password", {
          currentPassword: GOOD_PASSWORD,
          newPassword: "the changed passphrase",
        });
        assert.equal(changed.status, 200);
        assert.equal(await signedInEmail(other), undefined, "instance A knows at once");
        clock += 989; // 999 ms after B read the user's time
        assert.equal(await signedInEmail(onB), email, "B trusts its cached time for under a second");
        clock += 1;
        assert.equal(await signedInEmail(onB), undefined, "then reads the new time");
        // The browser that changed the password keeps a fresh session, on B too.
        const hereOnB = b.browser();
        hereOnB.jar.set("gatehouse.session-token", here.jar.get("gatehouse.session-token")!);
        assert.equal(await signedInEmail(hereOnB), email);
      });
    });
  });
}
