import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { consoleOf } from "./console-of.ts";

describe("consoleOf", () => {
  it("knows the account console's paths", () => {
    assert.equal(consoleOf("/account"), "account");
    assert.equal(consoleOf("/account/sessions"), "account");
  });

  it("knows the admin console's paths too (it was left out: a move between its sections focused the h1)", () => {
    assert.equal(consoleOf("/admin"), "admin");
    assert.equal(consoleOf("/admin/users"), "admin");
    assert.equal(consoleOf("/admin/users/u1"), "admin");
    assert.equal(consoleOf("/admin/audit"), "admin");
  });

  it("knows no console elsewhere, even on a path that only starts alike", () => {
    for (const path of ["/", "/protected", "/account-deleted", "/administrator", "/accounts"]) {
      assert.equal(consoleOf(path), null, path);
    }
  });
});
