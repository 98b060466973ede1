import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { APP, BASE, errorOf, sessionOf, sessionTokenSet, signOut, type TestBrowser } from "./flows.ts";
import { freshStorage, type OpenedStorage } from "./fresh-storage.ts";
import {
  twoFactorApp as appOn,
  firstFactor,
  locationOf,
  PASSWORD,
  postJson,
  secondFactor,
  type TwoFactorAdapter,
  totpCode,
} from "./two-factor-accounts.ts";

const PENDING_COOKIE = "gatehouse.two-factor";
const STEP_MS = 30_000;

type App = ReturnType<typeof appOn>;

/** A user with two-factor on (signed in, enrolled, confirmed, signed out again), and what they hold. */
async function enrolledUser(app: App, email: string) {
  await app.seedUser(email);
  const browser = app.browser();
  assert.ok(sessionTokenSet(await firstFactor(browser, email)));
  const enrolled = await postJson(browser, "two-factor-enroll");
  assert.equal(enrolled.status, 200);
  const secret = enrolled.body.secret as string;
  const confirmed = await postJson(browser, "two-factor-confirm", { code: totpCode(secret, app.clock.now) });
  assert.equal(confirmed.status, 200);
  await signOut(browser);
  // The next code: the confirming one's time step is spent.
  app.clock.now += 2 * STEP_MS;
  return { browser, secret, backupCodes: confirmed.body.backupCodes as string[] };
}

/** A first factor that must stop at the second step: no session, the pending cookie, BASE/two-factor. */
async function pendingSignIn(browser: TestBrowser, email: string): Promise<void> {
  const answer = await firstFactor(browser, email);
  assert.equal(answer.status, 302);
  assert.equal(answer.headers.get("location"), `${BASE}/two-factor`);
  assert.equal(sessionTokenSet(answer), undefined, "no session before the second step");
  assert.ok(browser.jar.has(PENDING_COOKIE));
}

/**
 * TOTP two-factor end to end through the handler, on the storage `open` gives (a fresh one per
 * test). Core runs it on the memory adapter, `@gatehouse/sql` on SQLite and PostgreSQL.
 */
export function twoFactorSuite(label: string, open: () => Promise<OpenedStorage<TwoFactorAdapter>>): void {
  describe(label, () => {
    const storage = freshStorage(open);
    const twoFactorApp = async (options: Parameters<typeof appOn>[1] = {}) => appOn(await storage(), options);

    test("enrol → confirm → password sign-in stops at the second step → code → signed in; codes are single use", async () => {
      const app = await twoFactorApp();
      const email = "ada@example.test";
      await app.seedUser(email);
      const ada = app.browser();

      // Without two-factor, the password sign-in ends in a session as before.
      const plain = await firstFactor(ada, email);
      assert.equal(plain.headers.get("location"), `${APP}/home`);
      assert.ok(sessionTokenSet(plain));

      const anonymous = await postJson(app.browser(), "two-factor-enroll");
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.body.error, "SessionRequired");

      const enrolled = await postJson(ada, "two-factor-enroll");
      assert.equal(enrolled.status, 200);
      const secret = enrolled.body.secret as string;
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.match(enrolled.body.uri as string, /^otpauth:\/\/totp\/Gatehouse%20Test:ada%40example\.test\?/);
      assert.match(enrolled.body.qrSvg as string, /^<svg/);
      // Not on until confirmed: the sign-in still needs no second step.
      assert.equal((await app.adapter.getTwoFactor(await userIdOf(app, email)))?.enabledAt, null);

      const right = totpCode(secret, app.clock.now);
      const wrong = right === "000000" ? "111111" : "000000";
      const refused = await postJson(ada, "two-factor-confirm", { code: wrong });
      assert.equal(refused.status, 400);
      assert.equal(refused.body.error, "TwoFactorCodeInvalid");
      assert.ok(app.logger.lines.some((line) => line.startsWith("warn TwoFactorCodeFailed")));

      const confirmed = await postJson(ada, "two-factor-confirm", { code: right });
      assert.equal(confirmed.status, 200);
      assert.equal(confirmed.body.ok, true);
      const backupCodes = confirmed.body.backupCodes as string[];
      assert.equal(backupCodes.length, 10);
      assert.equal(new Set(backupCodes).size, 10);
      // Shown once: storage keeps hashes only.
      const userId = await userIdOf(app, email);
      assert.equal(await app.adapter.countBackupCodes(userId), 10);
      assert.equal((await postJson(ada, "two-factor-enroll")).body.error, "TwoFactorAlreadyOn");

      await signOut(ada);
      app.clock.now += 2 * STEP_MS;
      await pendingSignIn(ada, email);
      // The pending cookie alone is no session.
      assert.deepEqual(await sessionOf(ada), {});

      const page = await ada.request("/api/auth/two-factor");
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.match(html, /autocomplete="one-time-code"/i);
      assert.match(html, /inputmode="numeric"/i);
      assert.match(html, /<form[^>]*action="http:\/\/localhost:3000\/api\/auth\/two-factor"/);
      assert.match(html, /two-factor\?method=backup/);
      assert.doesNotMatch(html, /<script/i);

      const code = totpCode(secret, app.clock.now);
      const mistyped = await secondFactor(ada, { code: code === "000000" ? "111111" : "000000" });
      assert.equal(locationOf(mistyped).pathname, "/api/auth/two-factor");
      assert.equal(errorOf(mistyped), "TwoFactorCodeInvalid");
      assert.equal(sessionTokenSet(mistyped), undefined);
      const errorPage = await (
        await ada.request(locationOf(mistyped).pathname + locationOf(mistyped).search)
      ).text();
      assert.match(errorPage, /That code is not right/);

      const done = await secondFactor(ada, { code });
      assert.equal(done.headers.get("location"), `${APP}/home`);
      assert.ok(sessionTokenSet(done));
      assert.equal(ada.jar.has(PENDING_COOKIE), false, "the pending cookie is deleted");
      assert.equal((await sessionOf(ada)).user?.email, email);

      // Replay: the same code, in a new sign-in at the same moment, is refused.
      await signOut(ada);
      await pendingSignIn(ada, email);
      assert.equal(errorOf(await secondFactor(ada, { code })), "TwoFactorCodeInvalid");

      // A backup code works once.
      const [first, second] = backupCodes as [string, string];
      const withBackup = await secondFactor(ada, { backupCode: first.toUpperCase() });
      assert.ok(sessionTokenSet(withBackup));
      assert.equal(await app.adapter.countBackupCodes(userId), 9);
      await signOut(ada);
      await pendingSignIn(ada, email);
      const again = await secondFactor(ada, { backupCode: first });
      // Issue 23: a spent code says so (it said "not right" before), on the backup form.
      assert.equal(errorOf(again), "BackupCodeUsed");
      assert.equal(locationOf(again).searchParams.get("method"), "backup");
      const spentPage = await (await ada.request(locationOf(again).href)).text();
      assert.match(spentPage, /role="alert"[^>]*>That backup code was already used: each code works once\./);
      const unknown = await secondFactor(ada, { backupCode: "aaaaa-aaaaa" });
      assert.equal(
        errorOf(unknown),
        "TwoFactorCodeInvalid",
        "a code that is not one of theirs is just wrong",
      );
      assert.ok(sessionTokenSet(await secondFactor(ada, { backupCode: second })));

      // New backup codes (with a TOTP code) replace the old ones.
      app.clock.now += 2 * STEP_MS;
      const renewed = await postJson(ada, "two-factor-backup-codes", {
        code: totpCode(secret, app.clock.now),
      });
      assert.equal(renewed.status, 200);
      const fresh = renewed.body.backupCodes as string[];
      assert.equal(fresh.length, 10);
      assert.equal(await app.adapter.countBackupCodes(userId), 10);

      // Disabling asks for a code (a backup code will do); then the password alone signs in again.
      const notACode = await postJson(ada, "two-factor-disable", { code: backupCodes[2]! });
      assert.equal(notACode.body.error, "TwoFactorCodeInvalid", "an old backup code no longer works");
      const disabled = await postJson(ada, "two-factor-disable", { code: fresh[0]! });
      assert.deepEqual(disabled.body, { ok: true });
      assert.equal(await app.adapter.getTwoFactor(userId), null);
      assert.ok(app.logger.lines.some((line) => line.startsWith("warn TwoFactorDisabled")));
      await signOut(ada);
      assert.ok(sessionTokenSet(await firstFactor(ada, email)));
    });

    for (const strategy of ["jwt", "database"] as const) {
      test(`issue 23: each session's record keeps the second factor its sign-in passed — none, a code, a backup code (${strategy} sessions)`, async () => {
        const app = await twoFactorApp({ session: { strategy } });
        const email = "lin@example.test";
        const userId = await app.seedUser(email);
        // Before two-factor is on: the password alone.
        const laptop = app.browser();
        assert.ok(sessionTokenSet(await firstFactor(laptop, email)));
        const secret = (await postJson(laptop, "two-factor-enroll")).body.secret as string;
        const confirmed = await postJson(laptop, "two-factor-confirm", {
          code: totpCode(secret, app.clock.now),
        });
        const [backupCode] = confirmed.body.backupCodes as string[];
        app.clock.now += 2 * STEP_MS;

        const phone = app.browser();
        await pendingSignIn(phone, email);
        assert.ok(sessionTokenSet(await secondFactor(phone, { code: totpCode(secret, app.clock.now) })));
        const tablet = app.browser();
        await pendingSignIn(tablet, email);
        assert.ok(sessionTokenSet(await secondFactor(tablet, { backupCode: backupCode! })));

        // Stored in the record, and what GET sessions says of each browser's own session.
        const stored = await app.adapter.listSessionRecords(userId, new Date(app.clock.now));
        assert.deepEqual(stored.map((record) => record.secondFactor ?? "none").toSorted(), [
          "backup",
          "none",
          "totp",
        ]);
        assert.ok(stored.every((record) => record.method === "password"));
        for (const [browser, expected] of [
          [laptop, null],
          [phone, "totp"],
          [tablet, "backup"],
        ] as const) {
          const listed = (await (await browser.request("/api/auth/sessions")).json()) as {
            sessions: { current: boolean; secondFactor: string | null }[];
          };
          assert.equal(listed.sessions.length, 3);
          assert.equal(listed.sessions.find((session) => session.current)?.secondFactor, expected);
        }
      });
    }

    test("disabling with the password instead of a code: a wrong one refused, the right one works", async () => {
      const app = await twoFactorApp();
      const email = "lost-phone@example.test";
      const { browser, secret } = await enrolledUser(app, email);
      await pendingSignIn(browser, email);
      assert.ok(sessionTokenSet(await secondFactor(browser, { code: totpCode(secret, app.clock.now) })));
      const userId = (await app.adapter.getUserByEmail(email))!.id;

      const wrong = await postJson(browser, "two-factor-disable", { password: "not the password" });
      assert.equal(wrong.status, 403);
      assert.equal(wrong.body.error, "CurrentPasswordIncorrect");
      assert.ok((await app.adapter.getTwoFactor(userId))?.enabledAt, "still on");
      const right = await postJson(browser, "two-factor-disable", { password: PASSWORD });
      assert.deepEqual(right.body, { ok: true });
      assert.equal(await app.adapter.getTwoFactor(userId), null);
    });

    test("a pending sign-in expires after 5 minutes", async () => {
      const app = await twoFactorApp();
      const { browser, secret } = await enrolledUser(app, "grace@example.test");
      await pendingSignIn(browser, "grace@example.test");
      app.clock.now += 6 * 60_000;
      const page = await browser.request("/api/auth/two-factor");
      assert.equal(locationOf(page).pathname, "/api/auth/signin");
      assert.equal(errorOf(page), "TwoFactorExpired");
      const late = await secondFactor(browser, { code: totpCode(secret, app.clock.now) });
      assert.equal(errorOf(late), "TwoFactorExpired");
      assert.equal(sessionTokenSet(late), undefined);
    });

    test("without a pending cookie there is no second step", async () => {
      const app = await twoFactorApp();
      const stranger = app.browser();
      assert.equal(errorOf(await stranger.request("/api/auth/two-factor")), "TwoFactorExpired");
      assert.equal(errorOf(await secondFactor(stranger, { code: "123456" })), "TwoFactorExpired");
    });

    test("JSON clients get the second step's URL", async () => {
      const app = await twoFactorApp();
      const { browser } = await enrolledUser(app, "json@example.test");
      const csrfToken = await browser.csrf();
      const answer = await browser.request("/api/auth/callback/password", {
        form: {
          csrfToken,
          callbackUrl: `${APP}/home`,
          email: "json@example.test",
          password: "correct horse battery staple",
        },
        headers: { "x-auth-return-redirect": "1" },
      });
      assert.deepEqual(await answer.json(), { url: `${BASE}/two-factor`, twoFactorRequired: true });
      assert.equal(sessionTokenSet(answer), undefined);
    });

    test("GET two-factor-status says whether it is on and how many backup codes are left", async () => {
      const app = await twoFactorApp();
      const email = "status@example.test";
      const anonymous = await app.browser().request("/api/auth/two-factor-status");
      assert.equal(anonymous.status, 401);
      await app.seedUser(email);
      const browser = app.browser();
      assert.ok(sessionTokenSet(await firstFactor(browser, email)));
      const off = await browser.request("/api/auth/two-factor-status");
      assert.deepEqual(await off.json(), { enabled: false, backupCodesLeft: 0 });
      const { secret } = (await postJson(browser, "two-factor-enroll")).body as { secret: string };
      const pending = await browser.request("/api/auth/two-factor-status");
      assert.deepEqual(
        await pending.json(),
        { enabled: false, backupCodesLeft: 0 },
        "not on before confirming",
      );
      const confirmed = await postJson(browser, "two-factor-confirm", {
        code: totpCode(secret, app.clock.now),
      });
      const codes = confirmed.body.backupCodes as string[];
      app.clock.now += 2 * STEP_MS;
      await postJson(browser, "two-factor-backup-codes", { code: codes[0]! });
      const renewed = await browser.request("/api/auth/two-factor-status");
      assert.deepEqual(await renewed.json(), { enabled: true, backupCodesLeft: 10 });
    });

    for (const rateLimit of [undefined, false] as const) {
      test(`a copy of the pending cookie cannot finish the sign-in twice (rate limits ${rateLimit === false ? "off" : "on"})`, async () => {
        const app = await twoFactorApp(rateLimit === false ? { rateLimit } : {});
        const email = "copy@example.test";
        const { browser, backupCodes } = await enrolledUser(app, email);
        await pendingSignIn(browser, email);
        const thief = app.browser();
        thief.jar.set(PENDING_COOKIE, browser.jar.get(PENDING_COOKIE)!);
        assert.ok(sessionTokenSet(await secondFactor(browser, { backupCode: backupCodes[0]! })));
        const copy = await secondFactor(thief, { backupCode: backupCodes[1]! });
        assert.equal(errorOf(copy), "TwoFactorExpired");
        assert.equal(sessionTokenSet(copy), undefined);
      });
    }

    test("wrong codes lock the second step of that user", async () => {
      const app = await twoFactorApp();
      const email = "guess@example.test";
      const { browser } = await enrolledUser(app, email);
      await pendingSignIn(browser, email);
      const answers: (string | null)[] = [];
      for (let i = 0; i < 5; i++)
        answers.push(errorOf(await secondFactor(browser, { backupCode: "aaaaa-aaaaa" })));
      assert.deepEqual(answers, Array(5).fill("TwoFactorCodeInvalid"));
      const locked = await secondFactor(browser, { backupCode: "aaaaa-aaaaa" });
      // Redirected to the 429 page (issue 23), which says the account is paused.
      assert.equal(locked.status, 303);
      assert.equal(new URL(locked.headers.get("location") ?? "").searchParams.get("scope"), "account");
    });
  });

  async function userIdOf(app: App, email: string): Promise<string> {
    const user = await app.adapter.getUserByEmail(email);
    assert.ok(user);
    return user.id;
  }
}
