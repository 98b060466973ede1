import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Language } from "../../i18n/languages.ts";
import { withEveryLanguage } from "../../i18n/testing/every-language.ts";
import { describeActivity } from "./describe-activity.ts";

const i18n = await withEveryLanguage();
const nameOf = (method: string) => (method === "dev" ? "Development provider" : method);
const sayIn =
  (language: Language) =>
  (kind: string, detail: Record<string, unknown> = {}, byYou = true) =>
    describeActivity({ kind, detail, byYou }, { nameOf, t: i18n.getFixedT(language, "account") });
const say = sayIn("en");

describe("describeActivity", () => {
  it("says how a sign-in went, with its second factor", () => {
    assert.equal(
      say("sign-in", { method: "password", secondFactor: null }),
      "You signed in with your password.",
    );
    assert.equal(
      say("sign-in", { method: "password", secondFactor: "totp" }),
      "You signed in with your password and a code from your authenticator app.",
    );
    assert.equal(say("sign-in", { method: "dev" }), "You signed in with Development provider.");
    assert.equal(
      say("sign-in", { method: "passkey", secondFactor: "passkey" }),
      "You signed in with a passkey.",
    );
    assert.equal(say("sign-in"), "You signed in.");
  });

  it("gives the reason of a failed sign-in in words", () => {
    assert.equal(
      say("sign-in-failed", { method: "password", reason: "CredentialsSignin", locked: false }),
      "A sign-in with your password failed: the email address or password was wrong.",
    );
    assert.equal(
      say("sign-in-failed", { method: "password", reason: "TwoFactorCodeInvalid", secondFactor: "totp" }),
      "A sign-in with your password failed: the two-factor code was wrong.",
    );
    assert.equal(say("sign-in-failed", { reason: "SomethingNew" }), "A sign-in failed: it was refused.");
  });

  it("tells the session revocations apart, and an administrator's from the person's own", () => {
    assert.equal(say("session-revoked", { current: false }), "You signed out another session.");
    assert.equal(say("session-revoked", { others: true, count: 2 }), "You signed out of 2 other sessions.");
    assert.equal(say("session-revoked", { others: true, count: 1 }), "You signed out of 1 other session.");
    assert.equal(
      say("session-revoked", { others: true, count: 0 }),
      "You signed out of your other sessions; there were none.",
    );
    assert.equal(
      say("session-revoked", { everywhere: true, count: 3 }),
      "You signed out everywhere (3 sessions).",
    );
    assert.equal(
      say("session-revoked", { everywhere: true, count: 1200 }),
      "You signed out everywhere (1,200 sessions).",
      "counts are numbers of the language",
    );
    assert.equal(
      say("session-revoked", { current: false }, false),
      "An administrator signed out one of your sessions.",
    );
    assert.equal(
      say("two-factor-disabled", {}, false),
      "An administrator turned off two-factor authentication for your account.",
    );
  });

  it("has a sentence for the account changes, and one for a kind it does not know", () => {
    assert.equal(say("password-changed"), "You changed your password.");
    assert.equal(say("two-factor-enabled"), "You turned on two-factor authentication.");
    assert.equal(say("passkey-added", { name: "Work laptop" }), "You added a passkey, “Work laptop”.");
    assert.equal(
      say("account-linked", { provider: "dev", by: "signed-in" }),
      "You linked your Development provider account.",
    );
    assert.equal(
      say("account-unlinked", { provider: "dev" }),
      "You unlinked your Development provider account.",
    );
    assert.equal(say("role-changed", { role: "admin" }), "An administrator changed your role to “admin”.");
    assert.equal(say("password-reset-link-sent"), "An administrator sent you a link to reset your password.");
    assert.equal(say("recovery-codes-printed"), "Account event: recovery codes printed.");
  });

  it("speaks German and Japanese, with their word order and plural forms", () => {
    const de = sayIn("de");
    assert.equal(
      de("sign-in", { method: "password", secondFactor: "totp" }),
      "Sie haben sich mit Ihrem Passwort und einem Code aus Ihrer Authenticator-App angemeldet.",
    );
    assert.equal(de("session-revoked", { others: true, count: 1 }), "Sie haben 1 andere Sitzung abgemeldet.");
    assert.equal(
      de("session-revoked", { everywhere: true, count: 1200 }),
      "Sie haben sich überall abgemeldet (1.200 Sitzungen).",
    );
    const ja = sayIn("ja");
    assert.equal(ja("sign-in", { method: "passkey" }), "パスキーでサインインしました。");
    assert.equal(
      ja("session-revoked", { others: true, count: 1 }),
      "ほかの 1 件のセッションからサインアウトしました。",
      "Japanese has one plural form",
    );
    assert.equal(
      ja("sign-in-failed", { method: "password", reason: "CredentialsSignin" }),
      "パスワードでのサインインに失敗しました（メールアドレスまたはパスワードが間違っていました）。",
    );
  });
});
