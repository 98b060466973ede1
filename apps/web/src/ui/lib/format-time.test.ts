import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { formatDate } from "./format-date.ts";
import { formatDateTime, formatRelative } from "./format-time.ts";

const NOW = Date.parse("2026-01-05T10:00:00Z");
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe("formatRelative", () => {
  it("says just now inside a minute, then the largest unit that fits", () => {
    assert.equal(formatRelative(ago(5), NOW, "en"), "just now");
    assert.equal(formatRelative(ago(5 * 60), NOW, "en"), "5 minutes ago");
    assert.equal(formatRelative(ago(2 * 3600), NOW, "en"), "2 hours ago");
    assert.equal(formatRelative(ago(26 * 3600), NOW, "en"), "yesterday");
    assert.equal(formatRelative(ago(15 * 86400), NOW, "en"), "2 weeks ago");
    assert.equal(formatRelative(ago(400 * 86400), NOW, "en"), "last year");
  });

  it("speaks German and Japanese, and says nothing for a date it cannot read", () => {
    assert.equal(formatRelative(ago(3 * 60), NOW, "de"), "vor 3 Minuten");
    assert.equal(formatRelative(ago(26 * 3600), NOW, "de"), "gestern");
    assert.equal(formatRelative(ago(5), NOW, "de"), "jetzt");
    assert.equal(formatRelative(ago(3 * 60), NOW, "ja"), "3 分前");
    assert.equal(formatRelative(ago(26 * 3600), NOW, "ja"), "昨日");
    assert.equal(formatRelative("not a date", NOW, "en"), "");
  });
});

describe("formatDateTime", () => {
  it("shows the date and the time in the given language and zone", () => {
    assert.equal(formatDateTime("2026-01-05T10:00:00Z", "en-GB", "UTC"), "5 Jan 2026, 10:00");
    assert.equal(formatDateTime("2026-01-05T10:00:00Z", "de", "UTC"), "05.01.2026, 10:00");
    assert.equal(formatDateTime("2026-01-05T10:00:00Z", "ja", "UTC"), "2026/01/05 10:00");
    assert.equal(formatDateTime("nope", "en-GB", "UTC"), "");
  });
});

describe("formatDate", () => {
  it("shows the day in the given language", () => {
    // Noon UTC: the same day in every zone the test may run in.
    assert.equal(formatDate("2026-01-05T12:00:00Z", "en-GB"), "5 Jan 2026");
    assert.equal(formatDate("2026-01-05T12:00:00Z", "de"), "5. Jan. 2026");
    assert.equal(formatDate("2026-01-05T12:00:00Z", "ja"), "2026年1月5日");
    assert.equal(formatDate("nope", "de"), "");
  });
});
