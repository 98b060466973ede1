import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { describeActivity } from "./describe-activity.ts";

const nameOf = (method: string) => (method === "dev" ? "Development provider" : method);
const say = (kind: string, detail: Record<string, unknown> = {}) =>
  describeActivity({ kind, detail }, nameOf);

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

  it("tells the session revocations apart", () => {
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
    assert.equal(say("recovery-codes-printed"), "Account event: recovery codes printed.");
  });
});
