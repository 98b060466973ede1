import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { setImmediate as settle } from "node:timers/promises";
import { startSessionCleanup } from "./session-cleanup.ts";

const NOW = new Date("2030-01-01T00:00:00Z");
const HOUR = 60 * 60 * 1000;

describe("startSessionCleanup", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setInterval"] }));
  afterEach(() => mock.timers.reset());

  it("deletes expired sessions at start and then every hour, logging only when it removed some", async () => {
    const calls: Date[] = [];
    const counts = [0, 3, 1];
    const lines: string[] = [];
    const cleanup = await startSessionCleanup({
      adapter: {
        deleteAuditBefore: async () => 0,
        deleteExpiredSessions: async (now) => {
          calls.push(now);
          return counts[calls.length - 1] ?? 0;
        },
      },
      log: (line) => lines.push(line),
      now: () => NOW,
    });
    assert.deepEqual(calls, [NOW], "once at start, before the first hour");

    mock.timers.tick(HOUR - 1);
    await settle();
    assert.equal(calls.length, 1);
    mock.timers.tick(1);
    await settle();
    assert.equal(calls.length, 2);
    mock.timers.tick(HOUR);
    await settle();
    assert.equal(calls.length, 3);
    assert.deepEqual(lines, ["removed 3 expired sessions", "removed 1 expired session"]);

    await cleanup.stop();
    mock.timers.tick(10 * HOUR);
    await settle();
    assert.equal(calls.length, 3, "nothing runs after stop()");
  });

  it("deletes audit entries past the retention (default 90 days, or the configured days)", async () => {
    for (const [days, expected] of [
      [undefined, 90],
      [7, 7],
    ] as const) {
      const cutoffs: Date[] = [];
      const lines: string[] = [];
      const cleanup = await startSessionCleanup({
        adapter: {
          deleteExpiredSessions: async () => 0,
          deleteAuditBefore: async (before) => {
            cutoffs.push(before);
            return 4;
          },
        },
        ...(days === undefined ? {} : { auditRetentionDays: days }),
        log: (line) => lines.push(line),
        now: () => NOW,
      });
      await cleanup.stop();
      assert.deepEqual(cutoffs, [new Date(NOW.getTime() - expected * 24 * HOUR)]);
      assert.deepEqual(lines, ["removed 4 audit entries past retention"]);
    }
  });

  it("logs a failed run and tries again at the next one", async () => {
    let calls = 0;
    const lines: string[] = [];
    const cleanup = await startSessionCleanup({
      adapter: {
        deleteAuditBefore: async () => 0,
        deleteExpiredSessions: async () => {
          calls++;
          if (calls === 1)
            throw new Error("Gatehouse storage (deleteExpiredSessions): the database is unavailable");
          return 2;
        },
      },
      log: (line) => lines.push(line),
    });
    mock.timers.tick(HOUR);
    await settle();
    await cleanup.stop();
    assert.deepEqual(lines, [
      "removing expired sessions failed: Gatehouse storage (deleteExpiredSessions): the database is unavailable",
      "removed 2 expired sessions",
    ]);
  });

  it("stop() waits for a run in progress, and runs never overlap", async () => {
    let finish: (n: number) => void = () => {};
    let calls = 0;
    let first = true;
    const cleanup = await startSessionCleanup({
      adapter: {
        deleteAuditBefore: async () => 0,
        deleteExpiredSessions: () => {
          calls++;
          if (first) {
            first = false;
            return Promise.resolve(0);
          }
          return new Promise<number>((resolve) => {
            finish = resolve;
          });
        },
      },
      log: () => {},
    });
    mock.timers.tick(HOUR);
    mock.timers.tick(HOUR);
    await settle();
    assert.equal(calls, 2, "the second tick found the run still going");

    let stopped = false;
    const stopping = cleanup.stop().then(() => {
      stopped = true;
    });
    await settle();
    assert.equal(stopped, false);
    finish(0);
    await stopping;
    assert.equal(stopped, true);
  });
});
