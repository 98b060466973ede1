import assert from "node:assert/strict";
import { test } from "node:test";
import { accountIdFor, createAccountStore, emailFor } from "./accounts.ts";

test("accountIdFor folds case and surrounding spaces", () => {
  assert.equal(accountIdFor("  Alice Smith "), "alice smith");
  assert.equal(accountIdFor("ALICE"), accountIdFor("alice"));
});

test("accountIdFor rejects blank and overlong names", () => {
  assert.equal(accountIdFor(""), null);
  assert.equal(accountIdFor(" \t\n"), null);
  assert.equal(accountIdFor("x".repeat(101)), null);
  assert.equal(accountIdFor("x".repeat(100)), "x".repeat(100));
});

test("emailFor keeps only a-z, 0-9, '.', '-' and '_' in the local part", () => {
  assert.equal(emailFor("alice smith"), "alice-smith@example.test");
  assert.equal(emailFor("renée o'brien"), "renee-o-brien@example.test");
  assert.equal(emailFor("a_b.c-d"), "a_b.c-d@example.test");
  assert.equal(emailFor("<script>alert(1)</script>"), "script-alert-1-script@example.test");
  assert.equal(emailFor("..a..b.."), "a.b@example.test");
  assert.equal(emailFor("x@evil.example"), "x-evil.example@example.test");
});

test("emailFor falls back to 'user' when nothing safe is left", () => {
  assert.equal(emailFor("日本"), "user@example.test");
  assert.equal(emailFor("<>"), "user@example.test");
});

test("findAccount returns the name as typed and the derived email", async () => {
  const store = createAccountStore();
  store.remember("alice smith", "  Alice Smith ");
  const account = await store.findAccount(undefined, "alice smith");
  assert.deepEqual(await account?.claims("id_token", "openid"), {
    sub: "alice smith",
    name: "Alice Smith",
    email: "alice-smith@example.test",
    email_verified: true,
  });
});

test("stores are independent", async () => {
  const first = createAccountStore();
  const second = createAccountStore();
  first.remember("bob", "Bob");
  const account = await second.findAccount(undefined, "bob");
  assert.equal((await account?.claims("userinfo", "profile"))?.name, "bob");
});
