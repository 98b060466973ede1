import assert from "node:assert/strict";
import { describe, it } from "node:test";
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

  it("speaks the given language, and says nothing for a date it cannot read", () => {
    assert.equal(formatRelative(ago(3 * 60), NOW, "de"), "vor 3 Minuten");
    assert.equal(formatRelative("not a date", NOW, "en"), "");
  });
});

describe("formatDateTime", () => {
  it("shows the date and the time in the given zone", () => {
    assert.equal(formatDateTime("2026-01-05T10:00:00Z", "en-GB", "UTC"), "5 Jan 2026, 10:00");
    assert.equal(formatDateTime("nope", "en-GB", "UTC"), "");
  });
});
