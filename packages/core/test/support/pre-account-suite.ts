import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DevProvider } from "@gatehouse/dev-provider";
import { APP, BASE, errorOf } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import { passkeySignIn, passkeySignUp, registerPasskey } from "./passkey-accounts.ts";
import {
  ATTACKER_PASSWORD,
  auditOf,
  BOSS,
  emailSignIn,
  follow,
  OWNER_PASSWORD,
  passwordSignIn,
  postForm,
  postJson,
  providerSignIn,
  signedIn,
  signedInAs,
  signUp,
  startProviders,
  type TakeoverAdapter,
  type TakeoverApp,
  takeoverApp,
} from "./takeover-app.ts";
import { totpCode } from "./two-factor-accounts.ts";

const HOME = `${APP}/home`;
const NOTICE = `${BASE}/account-secured?callbackUrl=${encodeURIComponent(HOME)}`;

/**
 * Pre-account hijacking (issue 22, item 1), end to end through the handler on the storage `open`
 * gives and both session strategies: someone signs up with an address they do not own and sets up
 * ways in; when the owner proves the address for the first time — an email sign-in link, a
 * password reset link, a provider that vouches for it — none of those ways survives, nor does any
 * session, and the owner is told. Races an attacker would stage are staged at exact points of the
 * real storage (`app.before`, `app.after`). Core runs it on the memory adapter, `@gatehouse/sql`
 * on SQLite and PostgreSQL.
 */
export function preAccountSuite(label: string, open: () => Promise<OpenedStorage<TakeoverAdapter>>): void {
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

        /** The attacker signs up with the victim's address and signs in (verification is not required here). */
        async function attackerAccount(app: TakeoverApp, victim: string) {
          const attacker = app.browser();
          await signUp(attacker, victim, ATTACKER_PASSWORD, "Customer Support");
          assert.ok(signedIn(await passwordSignIn(attacker, victim, ATTACKER_PASSWORD)));
          const userId = await signedInAs(attacker);
          assert.ok(userId);
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null);
          return { attacker, userId };
        }

        /** What is left of the unproven party's doing on the account, and whether it is the owner's now. */
        async function assertStripped(app: TakeoverApp, userId: string) {
          const user = await app.adapter.getUser(userId);
          assert.ok(user?.emailVerified instanceof Date, "the address is verified");
          assert.equal(user.name, null, "the name the attacker chose is gone");
          assert.equal(await app.adapter.getPasswordHash(userId), null);
          assert.deepEqual(await app.adapter.listPasskeys(userId), []);
          assert.equal(await app.adapter.getTwoFactor(userId), null);
        }

        test("pre-account hijacking: an attacker's password does not survive the owner's email sign-in", async () => {
          const app = await appOf();
          const victim = "victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          // More ways in, set up while signed in: a provider account, a passkey, two-factor.
          const linked = await providerSignIn(attacker, op, "lax", "Mallory");
          assert.equal(linked.headers.get("location"), `${APP}/dashboard`, `error: ${errorOf(linked)}`);
          assert.deepEqual(
            (await app.adapter.listAccountsByUserId(userId)).map((account) => account.provider),
            ["lax"],
          );
          const { authenticator } = await registerPasskey(attacker, "Mallory's laptop");
          const enrol = await postJson(attacker, "two-factor-enroll");
          assert.equal(enrol.status, 200, JSON.stringify(enrol.body));
          const code = totpCode(enrol.body.secret as string, app.clock.now);
          assert.equal((await postJson(attacker, "two-factor-confirm", { code })).status, 200);

          const owner = app.browser();
          const landed = await emailSignIn(app, owner, victim);
          assert.equal(landed.headers.get("location"), NOTICE, "the owner lands on the notice");
          assert.equal(
            await signedInAs(owner),
            userId,
            "the same account: the app's data keyed on its id stays",
          );
          const notice = await owner.request(new URL(NOTICE).pathname + new URL(NOTICE).search);
          assert.equal(notice.status, 200);
          const text = await notice.text();
          assert.match(text, /This account is yours/);
          assert.match(text, /everything they set up on the account has been removed/);
          assert.match(text, new RegExp(`href="${HOME.replaceAll("/", "\\/")}"`));

          await assertStripped(app, userId);
          assert.deepEqual(await app.adapter.listAccountsByUserId(userId), []);
          assert.equal(await signedInAs(attacker), undefined, "the attacker's session ended");
          const password = await passwordSignIn(app.browser(), victim, ATTACKER_PASSWORD);
          assert.equal(errorOf(password), "CredentialsSignin");
          const passkey = await passkeySignIn(app.browser(), authenticator);
          assert.equal(passkey.body.error, "PasskeyInvalid");
          // Their provider account now signs in to an account of its own, never the owner's.
          const elsewhere = app.browser();
          await providerSignIn(elsewhere, op, "lax", "Mallory");
          assert.notEqual(await signedInAs(elsewhere), userId);

          const [claimed] = await auditOf(app, userId, "unverified-account-claimed");
          assert.deepEqual(claimed?.detail, {
            method: "email",
            password: true,
            passkeys: 1,
            twoFactor: true,
            accounts: 1,
            sessions: 1,
            profile: true,
          });
          const mail = await app.mailTo(victim, "account-secured");
          assert.match(mail.subject, /is yours now/);
          assert.doesNotMatch(mail.text, /Customer Support|Mallory/, "nothing the attacker typed");
        });

        test("pre-account hijacking: an attacker's passkey does not survive the owner's email sign-in", async () => {
          const app = await appOf();
          const victim = "passkey-victim@example.test";
          const attacker = app.browser();
          const { authenticator, userId, answer } = await passkeySignUp(attacker, victim);
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(await signedInAs(attacker), userId, "signed in at once: no verification asked");
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null, "but nothing was proven");

          const owner = app.browser();
          assert.equal((await emailSignIn(app, owner, victim)).headers.get("location"), NOTICE);
          assert.equal(await signedInAs(owner), userId);
          await assertStripped(app, userId);
          assert.equal(await signedInAs(attacker), undefined);
          const again = await passkeySignIn(app.browser(), authenticator);
          assert.equal(again.body.error, "PasskeyInvalid");
          assert.equal((await auditOf(app, userId, "unverified-account-claimed"))[0]?.detail.passkeys, 1);
        });

        test("pre-account hijacking: a sign-up that does not wait for verification proves nothing (no administrator by a bootstrap address)", async () => {
          const app = await appOf();
          const attacker = app.browser();
          const { userId, answer } = await passkeySignUp(attacker, BOSS);
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(await signedInAs(attacker), userId);
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null);
          const overview = await attacker.request("/api/auth/admin-overview");
          assert.equal(overview.status, 403, "not an administrator");
          const password = app.browser();
          await signUp(password, "boss-too@example.test");
          // The owner of the address proves it: the account is theirs, and so are the rights.
          const owner = app.browser();
          assert.equal((await emailSignIn(app, owner, BOSS)).headers.get("location"), NOTICE);
          assert.equal((await owner.request("/api/auth/admin-overview")).status, 200);
          assert.equal((await attacker.request("/api/auth/admin-overview")).status, 401);
        });

        test("pre-account hijacking: an attacker's password does not survive the owner's password reset", async () => {
          const app = await appOf();
          const victim = "reset-victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const owner = app.browser();
          await postForm(owner, "/api/auth/forgot-password", { email: victim });
          const reset = await app.mailTo(victim, "reset-password");
          const done = await follow(owner, reset.url, "/api/auth/reset-password", {
            password: OWNER_PASSWORD,
          });
          const location = new URL(done.headers.get("location") ?? "");
          assert.equal(location.pathname, "/api/auth/signin");
          assert.equal(location.searchParams.get("notice"), "account-secured");
          const page = await owner.request(location.pathname + location.search);
          assert.match(await page.text(), /the account is yours: someone had created it with your address/);

          const user = await app.adapter.getUser(userId);
          assert.ok(user?.emailVerified instanceof Date);
          assert.equal(user.name, null);
          assert.equal(await signedInAs(attacker), undefined);
          assert.equal(
            errorOf(await passwordSignIn(app.browser(), victim, ATTACKER_PASSWORD)),
            "CredentialsSignin",
          );
          const mine = app.browser();
          assert.ok(signedIn(await passwordSignIn(mine, victim, OWNER_PASSWORD)));
          assert.equal(await signedInAs(mine), userId);
          assert.equal(
            (await auditOf(app, userId, "unverified-account-claimed"))[0]?.detail.method,
            "reset-password",
          );
        });

        test("pre-account hijacking: an OAuth sign-in that vouches for the address (email linking on) claims it", async () => {
          const app = await appOf();
          // The dev provider's "Margaret" has margaret@example.test, verified.
          const victim = "margaret@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const owner = app.browser();
          const landed = await providerSignIn(owner, op, "trusting", "Margaret");
          assert.equal(
            landed.headers.get("location"),
            `${BASE}/account-secured?callbackUrl=${encodeURIComponent(`${APP}/dashboard`)}`,
            `error: ${errorOf(landed)}`,
          );
          assert.equal(await signedInAs(owner), userId);
          await assertStripped(app, userId);
          assert.deepEqual(
            (await app.adapter.listAccountsByUserId(userId)).map((account) => account.provider),
            ["trusting"],
            "the proving account is linked, in the same transaction",
          );
          assert.equal(await signedInAs(attacker), undefined);
          assert.equal(
            errorOf(await passwordSignIn(app.browser(), victim, ATTACKER_PASSWORD)),
            "CredentialsSignin",
          );
          assert.equal(
            (await auditOf(app, userId, "unverified-account-claimed"))[0]?.detail.method,
            "trusting",
          );
        });

        test("a user a trusted provider vouched for is verified at sign-up, and keeps that provider at a later email sign-in", async () => {
          const app = await appOf();
          const owner = app.browser();
          assert.ok(signedIn(await providerSignIn(owner, op, "trusting", "Margaret")));
          const userId = await signedInAs(owner);
          assert.ok(userId);
          const created = await app.adapter.getUser(userId);
          assert.ok(created?.emailVerified instanceof Date, "the provider's word proved the address");
          const later = app.browser();
          await emailSignIn(app, later, "margaret@example.test");
          assert.equal(await signedInAs(later), userId);
          assert.deepEqual(
            (await app.adapter.listAccountsByUserId(userId)).map((account) => account.provider),
            ["trusting"],
            "nothing was claimed: the address was proven from the start",
          );
          assert.equal((await auditOf(app, userId, "unverified-account-claimed")).length, 0);
        });

        test("pre-account hijacking: an account made through a provider the app does not trust for addresses is claimed by the first proof by mail", async () => {
          const app = await appOf();
          // An attacker registers the victim's address at a lax provider (here: the dev provider's
          // Margaret, through the client with no email linking) and signs in with it.
          const attacker = app.browser();
          assert.ok(signedIn(await providerSignIn(attacker, op, "lax", "Margaret")));
          const userId = await signedInAs(attacker);
          assert.ok(userId);
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null);
          const owner = app.browser();
          await emailSignIn(app, owner, "margaret@example.test");
          assert.equal(await signedInAs(owner), userId);
          assert.deepEqual(await app.adapter.listAccountsByUserId(userId), [], "the lax account is unlinked");
          assert.equal(await signedInAs(attacker), undefined, "the attacker's session ended");
        });

        test("pre-account hijacking: two proofs at once claim the account once, and nothing is half-done", async () => {
          const app = await appOf();
          const victim = "race-victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          await registerPasskey(attacker);
          // Two sign-in links and a reset link, all used at the same moment.
          const [first, second, third] = [app.browser(), app.browser(), app.browser()];
          const linkFor = async (browser: typeof first) => {
            const sent = app.links.length;
            await postForm(browser, "/api/auth/signin/email", { email: victim });
            return app.links.slice(sent).find((link) => link.to === victim)!.url;
          };
          const links = [await linkFor(first), await linkFor(second)];
          await postForm(third, "/api/auth/forgot-password", { email: victim });
          const reset = await app.mailTo(victim, "reset-password");
          const [one, two, three] = await Promise.all([
            follow(first, links[0]!, "/api/auth/callback/email"),
            follow(second, links[1]!, "/api/auth/callback/email"),
            follow(third, reset.url, "/api/auth/reset-password", { password: OWNER_PASSWORD }),
          ]);
          assert.equal((await auditOf(app, userId, "unverified-account-claimed")).length, 1, "claimed once");
          const user = await app.adapter.getUser(userId);
          assert.ok(user?.emailVerified instanceof Date);
          assert.equal(user.name, null);
          assert.deepEqual(await app.adapter.listPasskeys(userId), []);
          // The email links signed the owner in either way (one claimed, the other found it verified);
          // the reset link either claimed it or, voided by the claim, was refused: never half-applied.
          assert.ok(signedIn(one) && signedIn(two));
          const resetWorked = errorOf(three) === null;
          if (!resetWorked) assert.equal(errorOf(three), "PasswordResetInvalid");
          // A reset that worked signs the account out everywhere: an email-link session stored before
          // it committed ends with the others (the owner's own reset did it). Never anyone else's.
          for (const browser of [first, second]) {
            const now = await signedInAs(browser);
            if (resetWorked) assert.ok(now === userId || now === undefined, `signed in as ${now}`);
            else assert.equal(now, userId);
          }
          // The only password there can be is the one the reset set, after the claim.
          const owner = await passwordSignIn(app.browser(), victim, OWNER_PASSWORD);
          assert.equal(signedIn(owner), resetWorked);
          if (!resetWorked) assert.equal(await app.adapter.getPasswordHash(userId), null);
          assert.equal(await signedInAs(attacker), undefined);
          assert.equal(
            errorOf(await passwordSignIn(app.browser(), victim, ATTACKER_PASSWORD)),
            "CredentialsSignin",
          );
        });

        test("pre-account hijacking: the owner's second proof, made while the first one claims, keeps its session", async () => {
          const app = await appOf();
          const victim = "second-proof@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const [laptop, phone] = [app.browser(), app.browser()];
          // The claim has committed; before the first sign-in goes on, the phone signs in too.
          app.after("claimUnverifiedUser", async () => {
            assert.ok(signedIn(await emailSignIn(app, phone, victim)));
          });
          assert.equal((await emailSignIn(app, laptop, victim)).headers.get("location"), NOTICE);
          assert.equal(await signedInAs(laptop), userId);
          assert.equal(await signedInAs(phone), userId, "what follows the claim ends no session made since");
          assert.equal(await signedInAs(attacker), undefined);
        });

        test("pre-account hijacking: a password change the attacker keeps in flight does not outlive the owner's proof", async () => {
          const app = await appOf();
          const victim = "inflight-victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const owner = app.browser();
          // The owner proves the address just before the attacker's new password is written.
          app.before("setPasswordHash", async () => {
            assert.equal((await emailSignIn(app, owner, victim)).headers.get("location"), NOTICE);
          });
          const changed = await postJson(attacker, "change-password", {
            currentPassword: ATTACKER_PASSWORD,
            newPassword: "mallory's next password 999",
          });
          assert.equal(changed.status, 409);
          assert.equal(changed.body.error, "AccountChanged");
          assert.equal(await app.adapter.getPasswordHash(userId), null, "the late write was taken back");
          assert.equal(await signedInAs(owner), userId);
          for (const password of [ATTACKER_PASSWORD, "mallory's next password 999"]) {
            assert.equal(errorOf(await passwordSignIn(app.browser(), victim, password)), "CredentialsSignin");
          }
        });

        test("pre-account hijacking: a password sign-in in flight when the owner proves the address gets no session", async () => {
          const app = await appOf();
          const victim = "signin-victim@example.test";
          await attackerAccount(app, victim);
          const owner = app.browser();
          // The attacker's password was read (and will verify); then the owner claims the account.
          app.after("getPasswordHash", async () => {
            assert.equal((await emailSignIn(app, owner, victim)).headers.get("location"), NOTICE);
          });
          const late = app.browser();
          const answer = await passwordSignIn(late, victim, ATTACKER_PASSWORD);
          assert.equal(errorOf(answer), "AccountChanged");
          assert.equal(signedIn(answer), false);
          assert.equal(await signedInAs(late), undefined);
        });

        test("pre-account hijacking: a passkey the attacker registers while the owner proves the address is taken back", async () => {
          const app = await appOf();
          const victim = "register-victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const owner = app.browser();
          app.before("createPasskey", async () => {
            assert.equal((await emailSignIn(app, owner, victim)).headers.get("location"), NOTICE);
          });
          await assert.rejects(registerPasskey(attacker), /passkey-register/);
          assert.deepEqual(await app.adapter.listPasskeys(userId), []);
          assert.equal(await signedInAs(owner), userId);
        });

        test("the sign-up's verification link confirms that account as it was mailed, and dies once the owner claims it", async () => {
          const app = await appOf();
          const victim = "verify-victim@example.test";
          const { attacker, userId } = await attackerAccount(app, victim);
          const mailed = await app.mailTo(victim, "verify-email");
          // The page says what the button confirms.
          const link = new URL(mailed.url);
          assert.equal(link.searchParams.get("user"), userId);
          const page = await app.browser().request(link.pathname + link.search);
          const text = await page.text();
          assert.match(
            text,
            /An account was created on this site with <strong>verify-victim@example\.test<\/strong> on /,
          );
          assert.match(text, /Confirm it only if you created it yourself/);
          assert.match(text, /Not you\? Do not confirm:/);
          assert.match(mailed.text, /If you created it, open this link/);
          // The attacker adds a passkey: the link no longer describes the account; it is void.
          await registerPasskey(attacker);
          const changed = await follow(app.browser(), mailed.url, "/api/auth/verify-email");
          assert.equal(errorOf(changed), "Verification");
          assert.equal((await app.adapter.getUser(userId))?.emailVerified, null);
          // And once the owner claims it, no link of before confirms anything.
          await emailSignIn(app, app.browser(), victim);
          const late = await app.browser().request(link.pathname + link.search);
          assert.equal(errorOf(late), "Verification");
        });
      });
    }
  });
}
