import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeEmail } from "./email-address.ts";

test("normalizes: NFKC, trim, lowercase", () => {
  assert.equal(normalizeEmail("  Ada@Example.COM "), "ada@example.com");
  assert.equal(normalizeEmail("ａｄａ@example.com"), "ada@example.com", "fullwidth letters fold");
  assert.equal(normalizeEmail("first.last+tag@sub.example.co.uk"), "first.last+tag@sub.example.co.uk");
  assert.equal(normalizeEmail("jörg@exämple.de"), "jörg@exämple.de");
});

test("refuses lists, quotes, several @, look-alike @, whitespace, brackets, comments", () => {
  for (const bad of [
    "a@example.com,b@evil.com",
    "a@example.com;b@evil.com",
    "a@example.com b@evil.com",
    '"a@evil.com"@example.com',
    "'a'@example.com",
    "a@b@example.com",
    "victim@example.com＠evil.com", // fullwidth @ becomes a second @ under NFKC
    "victim﹫example.com@evil.com", // small commercial at
    "Ada <ada@example.com>",
    "ada@example.com (comment)",
    "ada@[127.0.0.1]",
    "ada@example.com\r\nBcc: x@evil.com",
    "ada@example.com\u0000",
    "ada@localhost",
    "@example.com",
    "ada@",
    ".ada@example.com",
    "ada.@example.com",
    "a..da@example.com",
    "ada@-example.com",
    "ada@example..com",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(250)}.com`,
    "",
    "   ",
  ]) {
    assert.equal(normalizeEmail(bad), null, JSON.stringify(bad));
  }
  for (const notString of [undefined, null, 42, {}, ["a@example.com"]])
    assert.equal(normalizeEmail(notString), null);
});
