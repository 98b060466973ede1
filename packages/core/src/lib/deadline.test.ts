import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import { withDeadline } from "./deadline.ts";

describe("withDeadline", () => {
  test("settles as the work does, before the deadline", async () => {
    const late: unknown[] = [];
    assert.equal(
      await withDeadline(
        async () => 42,
        1000,
        (error) => late.push(error),
      ),
      42,
    );
    await assert.rejects(
      withDeadline(
        () => {
          throw new Error("at once");
        },
        1000,
        (error) => late.push(error),
      ),
      /at once/,
    );
    assert.deepEqual(late, [], "nothing is late");
  });

  test("rejects at the deadline when the work never settles; a later failure goes to `late`", async () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    try {
      let fail: (error: Error) => void = () => {};
      const late: unknown[] = [];
      const waiting = withDeadline(
        () => new Promise<never>((_, reject) => (fail = reject)),
        2500,
        (error) => late.push(error),
      );
      const outcome = assert.rejects(waiting, /^TimeoutError: no answer within 2500 ms$/);
      await Promise.resolve();
      mock.timers.tick(2500);
      await outcome;
      fail(new Error("reset"));
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(String(late[0]), "Error: reset");
    } finally {
      mock.timers.reset();
    }
  });
});
