import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { AuditEntry } from "../src/events/events.ts";
import {
  assertEntry,
  assertNoSecrets,
  auditApp,
  entryOf,
  mailOf,
  PASSWORD,
  tokenOf,
} from "./support/audit-app.ts";
import { APP, errorOf, people, SESSION_COOKIE, sessionTokenSet, signIn, signOut } from "./support/flows.ts";
import { passkeySignIn, passkeySignUp, registerPasskey } from "./support/passkey-accounts.ts";
import { follow, passwordSignIn, submit } from "./support/password-accounts.ts";
import { firstFactor, postJson, secondFactor, totpCode } from "./support/two-factor-accounts.ts";

const STEP_MS = 30_000;

describe("the audit log, through the handler on the memory adapter", () => {
  test("password: sign-up, EmailNotVerified, verified, sign-in, wrong passwords, change, sign-out, reset — and no secret stored", async () => {
    const app = auditApp();
    const browser = app.browser();
    const email = "ada@example.test";
    const first = "first password of ada, long";
    const changed = "second password of ada, long";
    const reset = "third password of ada, long";
    const wrong = "not the password of ada";
    const unknown = "nobody-by-this-name@example.test";

    assert.equal(
      (await submit(browser, "/api/auth/signup", { email, password: first, name: "Ada" })).status,
      302,
    );
    const id = (await app.adapter.getUserByEmail(email))!.id;
    // Sign-up reports in the background, as its mail goes: the answer must not tell who has an account.
    await entryOf(app, "sign-up");
    assertEntry(app, "sign-up", { actorId: id, subjectId: id, detail: { method: "password" } });

    assert.equal(errorOf(await passwordSignIn(browser, email, first)), "EmailNotVerified");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: id,
      detail: { reason: "EmailNotVerified", method: "password" },
    });

    const verifyMail = await mailOf(app, email, "verify-email");
    assert.equal((await follow(browser, new URL(verifyMail.url), "/api/auth/verify-email")).status, 200);
    assertEntry(app, "email-verified", { actorId: id, subjectId: id, detail: { method: "verify-email" } });

    assert.ok(sessionTokenSet(await passwordSignIn(browser, email, first)));
    assertEntry(app, "sign-in", {
      actorId: id,
      subjectId: id,
      detail: { method: "password", newUser: false, secondFactor: null },
    });
    const sessionToken = browser.jar.get(SESSION_COOKIE)!;

    // A wrong password names the account; an address without one names nobody and is not stored.
    assert.equal(errorOf(await passwordSignIn(app.browser(), email, wrong)), "CredentialsSignin");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: id,
      detail: { reason: "CredentialsSignin", method: "password", locked: false },
    });
    assert.equal(errorOf(await passwordSignIn(app.browser(), unknown, wrong)), "CredentialsSignin");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: null,
      detail: { reason: "CredentialsSignin", method: "password", locked: false },
    });

    const answer = await postJson(browser, "change-password", {
      currentPassword: first,
      newPassword: changed,
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assertEntry(app, "password-changed", { actorId: id, subjectId: id, detail: {} });

    assert.equal((await signOut(browser)).status, 302);
    assertEntry(app, "sign-out", { actorId: id, subjectId: id, detail: {} });

    assert.equal((await submit(app.browser(), "/api/auth/forgot-password", { email })).status, 302);
    const resetMail = await mailOf(app, email, "reset-password");
    const done = await follow(app.browser(), new URL(resetMail.url), "/api/auth/reset-password", {
      password: reset,
    });
    assert.equal(done.status, 302, `reset: ${errorOf(done)}`);
    assertEntry(app, "password-reset", { actorId: id, subjectId: id, detail: {} });

    assert.deepEqual(
      app.entries.map((entry) => entry.kind),
      [
        "sign-up",
        "sign-in-failed",
        "email-verified",
        "sign-in",
        "sign-in-failed",
        "sign-in-failed",
        "password-changed",
        "sign-out",
        "password-reset",
      ],
    );
    assertNoSecrets(app, [
      first,
      changed,
      reset,
      wrong,
      unknown,
      tokenOf(verifyMail.url),
      tokenOf(resetMail.url),
      sessionToken,
    ]);
  });

  test("lockout: the failure that locks says so; attempts the lock refuses are RateLimited", async () => {
    const app = auditApp();
    const id = await app.seedUser("bo@example.test");
    const wrong = "a wrong password for bo";
    for (let i = 1; i <= 5; i++) {
      assert.equal(
        errorOf(await passwordSignIn(app.browser(), "bo@example.test", wrong)),
        "CredentialsSignin",
      );
    }
    assert.deepEqual(
      app.ofKind("sign-in-failed").map((entry) => entry.detail.locked),
      [false, false, false, false, true],
    );
    const refused = await passwordSignIn(app.browser(), "bo@example.test", PASSWORD);
    assert.equal(refused.status, 303, "redirected to the 429 page (issue 23)");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: id,
      detail: { reason: "RateLimited", method: "password", lockout: true },
    });
    assertNoSecrets(app, [wrong, PASSWORD]);
  });

  test("two-factor: enabled, a wrong code, sign-ins with a code and a backup code, codes renewed, disabled", async () => {
    const app = auditApp();
    const email = "cy@example.test";
    const id = await app.seedUser(email);
    const browser = app.browser();
    assert.ok(sessionTokenSet(await firstFactor(browser, email)));
    const enrolled = await postJson(browser, "two-factor-enroll");
    const secret = enrolled.body.secret as string;
    const confirmCode = totpCode(secret, app.clock.now);
    const confirmed = await postJson(browser, "two-factor-confirm", { code: confirmCode });
    assert.equal(confirmed.status, 200);
    const backupCodes = confirmed.body.backupCodes as string[];
    assertEntry(app, "two-factor-enabled", { actorId: id, subjectId: id, detail: {} });
    await signOut(browser);

    app.clock.now += 2 * STEP_MS;
    const wrongCode = totpCode(secret, app.clock.now, 10);
    await firstFactor(browser, email);
    assert.equal(
      new URL((await secondFactor(browser, { code: wrongCode })).headers.get("location")!).searchParams.get(
        "error",
      ),
      "TwoFactorCodeInvalid",
    );
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: id,
      detail: { reason: "TwoFactorCodeInvalid", method: "password", secondFactor: "totp" },
    });
    const signInCode = totpCode(secret, app.clock.now);
    assert.ok(sessionTokenSet(await secondFactor(browser, { code: signInCode })));
    assertEntry(app, "sign-in", {
      actorId: id,
      subjectId: id,
      detail: { method: "password", newUser: false, secondFactor: "totp" },
    });
    await signOut(browser);

    await firstFactor(browser, email);
    assert.ok(sessionTokenSet(await secondFactor(browser, { backupCode: backupCodes[0]! })));
    assertEntry(app, "sign-in", {
      actorId: id,
      subjectId: id,
      detail: { method: "password", newUser: false, secondFactor: "backup" },
    });

    app.clock.now += 2 * STEP_MS;
    const renewCode = totpCode(secret, app.clock.now);
    const renewed = await postJson(browser, "two-factor-backup-codes", { code: renewCode });
    assert.equal(renewed.status, 200);
    assertEntry(app, "backup-codes-renewed", { actorId: id, subjectId: id, detail: {} });

    app.clock.now += 2 * STEP_MS;
    const disableCode = totpCode(secret, app.clock.now);
    assert.equal((await postJson(browser, "two-factor-disable", { code: disableCode })).status, 200);
    assertEntry(app, "two-factor-disabled", { actorId: id, subjectId: id, detail: { proof: "code" } });

    assertNoSecrets(app, [
      secret,
      PASSWORD,
      confirmCode,
      wrongCode,
      signInCode,
      renewCode,
      disableCode,
      ...backupCodes,
      ...(renewed.body.backupCodes as string[]),
    ]);
  });

  test("passkeys: added, a sign-in (both factors), a refused one, removed; passkey-only sign-up", async () => {
    const app = auditApp();
    const email = "di@example.test";
    const id = await app.seedUser(email);
    const browser = app.browser();
    assert.ok(sessionTokenSet(await firstFactor(browser, email)));
    const { authenticator, userHandle, answer } = await registerPasskey(browser, "Blue key");
    const passkeyId = (answer.body.passkey as { id: string }).id;
    assertEntry(app, "passkey-added", {
      actorId: id,
      subjectId: id,
      detail: { passkeyId, name: "Blue key" },
    });
    // A passkey added is a normal event: on record at info, not a warning an operator must chase.
    assert.deepEqual(
      app.logged.filter((entry) => entry.code === "PasskeyAdded").map((entry) => entry.level),
      ["info"],
    );

    const other = app.browser();
    assert.equal((await passkeySignIn(other, authenticator, { userHandle })).status, 200);
    assertEntry(app, "sign-in", {
      actorId: id,
      subjectId: id,
      detail: { method: "passkey", newUser: false, secondFactor: "passkey" },
    });
    const refused = await passkeySignIn(app.browser(), authenticator, {
      userHandle,
      origin: "https://evil.example",
    });
    assert.equal(refused.body.error, "PasskeyInvalid");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: id,
      detail: { reason: "PasskeyInvalid", method: "passkey" },
    });

    assert.equal((await postJson(browser, "passkey-delete", { id: passkeyId })).status, 200);
    assertEntry(app, "passkey-removed", { actorId: id, subjectId: id, detail: { passkeyId } });

    const signUp = await passkeySignUp(app.browser(), "eve@example.test");
    assert.equal(signUp.answer.status, 200, JSON.stringify(signUp.answer.body));
    const newId = signUp.userId;
    const stored = await app.adapter.listPasskeys(newId);
    await entryOf(app, "sign-up");
    assertEntry(app, "sign-up", {
      actorId: newId,
      subjectId: newId,
      detail: { method: "passkey", passkeyId: stored[0]!.id },
    });
    assertNoSecrets(app, [PASSWORD]);
  });

  test("refusals after the credential: AccountDisabled and the signIn callback's AccessDenied; a credentials failure names nobody", async () => {
    const app = auditApp({
      callbacks: { signIn: ({ user }) => user.email !== "refused@example.test" },
      providers: [people({ ada: { id: "ada-1", name: "Ada", email: "ada@example.test" } })],
    });
    const disabled = await app.seedUser("gone@example.test");
    await app.adapter.setUserDisabled(disabled, new Date(app.clock.now));
    assert.equal(
      errorOf(await passwordSignIn(app.browser(), "gone@example.test", PASSWORD)),
      "AccountDisabled",
    );
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: disabled,
      detail: { reason: "AccountDisabled", method: "password" },
    });

    const refused = await app.seedUser("refused@example.test");
    assert.equal(
      errorOf(await passwordSignIn(app.browser(), "refused@example.test", PASSWORD)),
      "AccessDenied",
    );
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: refused,
      detail: { reason: "AccessDenied", method: "password" },
    });

    const typed = "mallory-typed-this-name";
    assert.equal(errorOf(await signIn(app.browser(), typed)), "CredentialsSignin");
    assertEntry(app, "sign-in-failed", {
      actorId: null,
      subjectId: null,
      detail: { reason: "CredentialsSignin", method: "credentials" },
    });
    assertNoSecrets(app, [typed, PASSWORD]);
  });

  test("email links: a first sign-in is a sign-up, a link proves an unverified address; a first password is set", async () => {
    const app = auditApp();
    const browser = app.browser();
    const linkSignIn = async (email: string) => {
      const csrfToken = await browser.csrf();
      await browser.request("/api/auth/signin/email", {
        form: { csrfToken, email, callbackUrl: `${APP}/home` },
      });
      const link = app.links.filter((sent) => sent.to === email).at(-1);
      assert.ok(link, `a link to ${email}`);
      const done = await follow(browser, new URL(link.url), "/api/auth/callback/email");
      assert.ok(sessionTokenSet(done), `signed in: ${errorOf(done)}`);
      return tokenOf(link.url);
    };

    const newToken = await linkSignIn("fay@example.test");
    const fay = (await app.adapter.getUserByEmail("fay@example.test"))!.id;
    assertEntry(app, "sign-up", { actorId: fay, subjectId: fay, detail: { method: "email" } });
    assertEntry(app, "sign-in", {
      actorId: fay,
      subjectId: fay,
      detail: { method: "email", newUser: true, secondFactor: null },
    });
    const firstPassword = "fay's first password here";
    assert.equal((await postJson(browser, "set-password", { newPassword: firstPassword })).status, 200);
    assertEntry(app, "password-set", { actorId: fay, subjectId: fay, detail: {} });

    const gil = (await app.adapter.createUser({ email: "gil@example.test", emailVerified: null })).id;
    const gilToken = await linkSignIn("gil@example.test");
    assertEntry(app, "email-verified", { actorId: gil, subjectId: gil, detail: { method: "email" } });
    // A second link proves nothing new: no second entry.
    await linkSignIn("gil@example.test");
    assert.equal(app.ofKind("email-verified").length, 1);
    assertNoSecrets(app, [newToken, gilToken, firstPassword]);
  });

  test("audit: false stores nothing, and an audit handler still gets every entry (id null)", async () => {
    const seen: AuditEntry[] = [];
    const app = auditApp({ audit: false, events: { audit: (entry) => void seen.push(entry) } });
    const id = await app.seedUser("hal@example.test");
    assert.ok(sessionTokenSet(await firstFactor(app.browser(), "hal@example.test")));
    assert.deepEqual(app.entries, []);
    assert.equal(seen.length, 1);
    assert.deepEqual(
      { ...seen[0], at: seen[0]!.at.getTime() },
      {
        id: null,
        at: app.clock.now,
        kind: "sign-in",
        actorId: id,
        subjectId: id,
        ip: "203.0.113.7",
        userAgent: "AuditTest/1.0 (X11; Linux x86_64) like Gecko",
        detail: { method: "password", newUser: false, secondFactor: null },
      },
    );
  });

  test("a failing audit store is logged (AuditWriteFailed) and the sign-in goes on", async () => {
    const app = auditApp();
    app.adapter.appendAudit = async () => {
      throw new Error("disk full");
    };
    await app.seedUser("ike@example.test");
    assert.ok(sessionTokenSet(await firstFactor(app.browser(), "ike@example.test")));
    assert.deepEqual(
      app.logged.filter((entry) => entry.code === "AuditWriteFailed"),
      [{ level: "error", code: "AuditWriteFailed", detail: { kind: "sign-in", cause: "Error: disk full" } }],
    );
  });
});
