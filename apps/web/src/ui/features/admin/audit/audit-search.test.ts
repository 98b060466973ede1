import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { AUDIT_KINDS as CORE_KINDS } from "@gatehouse/core";
import en from "../../../i18n/admin/en.ts";
import { AUDIT_KINDS, auditQueryOf, isRangeReversed, validateAuditSearch } from "./audit-search.ts";

describe("the audit log's URL", () => {
  it("knows every kind core writes, and names each one (i18n/admin/en.ts)", () => {
    assert.deepEqual([...AUDIT_KINDS].sort(), [...CORE_KINDS].sort());
    assert.deepEqual(Object.keys(en.kinds).sort(), [...CORE_KINDS].sort());
  });

  it("keeps known kinds, real days and an id; drops the rest", () => {
    assert.deepEqual(
      validateAuditSearch({
        kind: "sign-in,nope,sign-in",
        user: " u1 ",
        from: "2026-02-31",
        to: "2026-03-01",
      }),
      { kind: "sign-in", user: "u1", to: "2026-03-01" },
    );
    assert.deepEqual(validateAuditSearch({ kind: 5, user: "", from: "yesterday" }), {});
  });

  it("asks for whole days of the browser's time zone, the last one included", () => {
    const query = auditQueryOf({ kind: "sign-in,sign-in-failed", from: "2026-03-01", to: "2026-03-31" });
    assert.deepEqual(query.kinds, ["sign-in", "sign-in-failed"]);
    assert.equal(query.from, new Date(2026, 2, 1).toISOString());
    assert.equal(query.to, new Date(2026, 3, 1).toISOString(), "the server's `to` is exclusive");
    assert.deepEqual(auditQueryOf({}), {});
  });

  it("notices a range that ends before it starts", () => {
    assert.equal(isRangeReversed({ from: "2026-03-02", to: "2026-03-01" }), true);
    assert.equal(isRangeReversed({ from: "2026-03-01", to: "2026-03-01" }), false);
    assert.equal(isRangeReversed({ from: "2026-03-01" }), false);
  });
});
