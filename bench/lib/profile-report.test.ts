import assert from "node:assert/strict";
import { test } from "node:test";
import { keptMemorySection, renderProfiles } from "./profile-report.ts";

test("a --profile run keeps PROFILE.md's hand-written memory section, and only it", () => {
  const before = `${renderProfiles([], { rounds: 1, seconds: 1 })}\n## Memory: RSS under load\n\nFindings.\n`;
  assert.equal(keptMemorySection(before), "\n## Memory: RSS under load\n\nFindings.\n");
  assert.equal(keptMemorySection(renderProfiles([], { rounds: 1, seconds: 1 })), "");
});
