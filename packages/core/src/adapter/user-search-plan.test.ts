import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import type { UserSearch } from "./adapter.ts";
import { readUserSearch, truncatedBound, userCursor } from "./user-search-plan.ts";

// How adapters page through users is checked end to end by the conformance suite (memory, SQLite,
// PostgreSQL: packages/adapter-conformance/src/cases/admin-users.ts); these are the pieces they share.

const STORAGE = "Test storage";
const read = (search: UserSearch) => readUserSearch(search, STORAGE);

describe("readUserSearch", () => {
  test("defaults: newest first for created, A to Z for email and name; q trimmed and folded", () => {
    assert.deepEqual(read({ limit: 10 }), {
      q: null,
      disabled: undefined,
      unverified: undefined,
      twoFactor: undefined,
      role: undefined,
      sort: "created",
      order: "desc",
      after: null,
      limit: 10,
    });
    assert.equal(read({ limit: 1, sort: "name" }).order, "asc");
    assert.deepEqual(read({ limit: 1, q: "  ÉMI " }).q, { text: "ÉMI", folded: "émi", upper: "émj" });
    assert.deepEqual(read({ limit: 1, q: "\u{10FFFF}" }).q?.upper, null);
  });

  test("misuse is a ConfigError naming the storage; search text is checked before the cursor", () => {
    for (const search of [
      { limit: 0 },
      { limit: 5, sort: "age" },
      { limit: 5, order: "up" },
      { limit: 5, unverified: 1 },
      { limit: 5, role: "a\u0000" },
      { limit: 5, q: "\uD800" },
      { limit: 5, cursor: "e30" },
      null,
    ]) {
      assert.throws(
        () => read(search as UserSearch),
        (error: unknown) => {
          assert.ok(error instanceof ConfigError, JSON.stringify(search));
          assert.match(error.message, /^Test storage: searchUsers /);
          return true;
        },
      );
    }
    assert.throws(() => read({ limit: 5, q: " ", cursor: "!" }), /q must be 1–200 characters/);
  });
});

describe("userCursor", () => {
  test("the cursors handed out before it was shared are read the same (the wire format is pinned)", () => {
    const byName = "eyJzIjoibmFtZSIsIm8iOiJhc2MiLCJrIjoiw6ltaWxlIiwiaSI6InUtMSJ9";
    const byCreated = "eyJzIjoiY3JlYXRlZCIsIm8iOiJkZXNjIiwiayI6MTcxNDgxMzIwMDAwMCwiaSI6InUtMiJ9";
    assert.equal(userCursor({ sort: "name", order: "asc" }, { key: "émile", id: "u-1" }), byName);
    assert.equal(
      userCursor({ sort: "created", order: "desc" }, { key: 1714813200000, id: "u-2" }),
      byCreated,
    );
    assert.deepEqual(read({ limit: 5, sort: "name", cursor: byName }).after, { key: "émile", id: "u-1" });
    assert.deepEqual(read({ limit: 5, cursor: byCreated }).after, { key: 1714813200000, id: "u-2" });
  });

  test("a key past 400 UTF-8 bytes is cut at a whole code point and marked; only that sort and order take it", () => {
    for (const [char, kept] of [
      ["é", 200],
      ["\u{1F600}", 100],
      ["m", 400],
    ] as const) {
      const cursor = userCursor({ sort: "name", order: "desc" }, { key: char.repeat(401), id: "u-3" });
      assert.ok(cursor.length < 600, `${char}: ${cursor.length} characters`);
      const after = read({ limit: 5, sort: "name", order: "desc", cursor }).after;
      assert.deepEqual(after, { key: char.repeat(kept), id: "u-3", truncated: true });
      assert.throws(() => read({ limit: 5, sort: "name", cursor }), ConfigError);
      assert.throws(() => read({ limit: 5, sort: "email", order: "desc", cursor }), ConfigError);
    }
  });

  test("only the one spelling it writes: no padding, no other unused bits, no base64", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    // 38 bytes of JSON: 51 characters, whose last carries 2 unused bits.
    const cursor = userCursor({ sort: "email", order: "asc" }, { key: "", id: "u" });
    assert.equal(cursor.length % 4, 3);
    assert.ok(read({ limit: 5, sort: "email", cursor }).after);
    const sameBytes = cursor.slice(0, -1) + alphabet[alphabet.indexOf(cursor.at(-1)!) ^ 1];
    for (const spelling of [`${cursor}=`, sameBytes, `${cursor.slice(0, -1)}+`]) {
      assert.throws(() => read({ limit: 5, sort: "email", cursor: spelling }), ConfigError, spelling);
    }
  });
});

test("truncatedBound: the key's start ascending, the end of its range descending", () => {
  assert.equal(truncatedBound("mm", "asc"), "mm");
  assert.equal(truncatedBound("mm", "desc"), "mn");
  assert.equal(truncatedBound("\u{10FFFF}", "desc"), "\u{10FFFF}");
});
