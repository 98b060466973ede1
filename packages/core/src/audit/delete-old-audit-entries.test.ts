import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { deleteOldAuditEntries } from "./delete-old-audit-entries.ts";

const NOW = new Date("2026-05-01T12:00:00.000Z");

/** Storage that records the cut-off it was given. */
function recorder() {
  const cutoffs: Date[] = [];
  return {
    cutoffs,
    adapter: {
      async deleteAuditBefore(before: Date) {
        cutoffs.push(before);
        return 3;
      },
    },
  };
}

describe("deleteOldAuditEntries", () => {
  test("deletes what is older than the retention before now (default 90 days)", async () => {
    const { adapter, cutoffs } = recorder();
    assert.equal(await deleteOldAuditEntries(adapter, { now: NOW }), 3);
    assert.equal(await deleteOldAuditEntries(adapter, { retentionDays: 7, now: NOW }), 3);
    assert.deepEqual(
      cutoffs.map((d) => d.toISOString()),
      ["2026-01-31T12:00:00.000Z", "2026-04-24T12:00:00.000Z"],
    );
  });

  test("storage without an audit log: nothing to delete", async () => {
    assert.equal(await deleteOldAuditEntries({}, { now: NOW }), 0);
  });

  test("a retention that is not a whole number of days ≥ 1 is misuse", async () => {
    const { adapter, cutoffs } = recorder();
    for (const retentionDays of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await assert.rejects(deleteOldAuditEntries(adapter, { retentionDays, now: NOW }), ConfigError);
    }
    assert.deepEqual(cutoffs, []);
  });
});
