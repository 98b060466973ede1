import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, it } from "node:test";
import { loadCommonPasswords, sortedList } from "./index.ts";

describe("sortedList", () => {
  it("finds every entry and nothing else", () => {
    const entries = ["aaaaaaaa", "abcdefgh", "password", "qwertyui", "zzzzzzzz"];
    const list = sortedList(entries);
    for (const entry of entries) assert.equal(list.has(entry), true, entry);
    for (const other of ["", "a", "aaaaaaab", "passwor", "password ", "zzzzzzzzz", "Password"]) {
      assert.equal(list.has(other), false, other);
    }
    assert.equal(sortedList([]).has("x"), false);
  });

  it("refuses unsorted or duplicated entries", () => {
    assert.throws(() => sortedList(["b", "a"]), TypeError);
    assert.throws(() => sortedList(["a", "a"]), TypeError);
  });
});

describe("loadCommonPasswords", () => {
  it("loads 100,000 entries once, each of 8 to 256 code points, NFKC, sorted and unique", async () => {
    const list = await loadCommonPasswords();
    assert.equal(list.size, 100_000);
    assert.equal(await loadCommonPasswords(), list);
    const text = await readFile(new URL("../data/passwords.txt", import.meta.url), "utf8");
    assert.ok(text.endsWith("\n") && !text.endsWith("\n\n"), "one entry per line, the last one ended");
    const entries = text.slice(0, -1).split("\n");
    assert.equal(entries.length, 100_000);
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      const length = [...entry].length;
      assert.ok(length >= 8 && length <= 256, entry);
      assert.equal(entry.normalize("NFKC"), entry);
      if (i > 0) assert.ok(entries[i - 1]! < entry);
    }
  });

  it("holds the best-known breached passwords and not a passphrase", async () => {
    const list = await loadCommonPasswords();
    for (const common of ["password", "12345678", "iloveyou", "qwertyuiop", "password1", "baseball"]) {
      assert.equal(list.has(common), true, common);
    }
    assert.equal(list.has("correct horse battery staple"), false);
    assert.equal(list.has("1234567"), false); // too short to be listed: the length rule refuses it
  });
});
