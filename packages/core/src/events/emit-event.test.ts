import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Logger } from "../config/options.ts";
import type { RequestContext } from "../http/request-context.ts";
import { EVENT_HANDLER_TIMEOUT_MS, emitEvent } from "./emit-event.ts";
import type { Events } from "./events.ts";

/** The little of a request `emitEvent` reads: the handlers and the logger. */
function contextWith(events: Events) {
  const logged: { code: string; detail: unknown }[] = [];
  const logger: Logger = {
    error: (code, detail) => logged.push({ code, detail }),
    warn: (code, detail) => logged.push({ code, detail }),
  };
  const ctx = { config: { events, logger } } as unknown as RequestContext;
  return { ctx, logged };
}

const ENTRY = {
  id: "1",
  at: new Date(0),
  kind: "sign-out",
  actorId: "u1",
  subjectId: "u1",
  ip: null,
  userAgent: null,
  detail: {},
};

describe("emitEvent", () => {
  test("no handler: nothing happens", async () => {
    const { ctx, logged } = contextWith({});
    await emitEvent(ctx, "audit", ENTRY);
    assert.deepEqual(logged, []);
  });

  test("the handler gets the message and is waited for", async () => {
    let finished = false;
    const { ctx, logged } = contextWith({
      audit: async (entry) => {
        await Promise.resolve();
        assert.equal(entry, ENTRY);
        finished = true;
      },
    });
    await emitEvent(ctx, "audit", ENTRY);
    assert.equal(finished, true);
    assert.deepEqual(logged, []);
  });

  test("a handler that throws, or rejects, is logged as EventHandlerFailed with the event's name", async () => {
    const throwing = contextWith({
      audit: () => {
        throw new Error("sync boom");
      },
    });
    await emitEvent(throwing.ctx, "audit", ENTRY);
    assert.deepEqual(throwing.logged, [
      { code: "EventHandlerFailed", detail: { event: "audit", cause: "Error: sync boom" } },
    ]);

    const rejecting = contextWith({ audit: async () => Promise.reject(new TypeError("async boom")) });
    await emitEvent(rejecting.ctx, "audit", ENTRY);
    assert.deepEqual(rejecting.logged, [
      { code: "EventHandlerFailed", detail: { event: "audit", cause: "TypeError: async boom" } },
    ]);
  });

  test(`a handler slower than ${EVENT_HANDLER_TIMEOUT_MS} ms is left running; its later failure is still logged`, async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    let fail: (error: Error) => void = () => {};
    const { ctx, logged } = contextWith({
      audit: () =>
        new Promise<void>((_, reject) => {
          fail = reject;
        }),
    });
    let done = false;
    const emitted = emitEvent(ctx, "audit", ENTRY).then(() => {
      done = true;
    });
    await settle();
    t.mock.timers.tick(EVENT_HANDLER_TIMEOUT_MS - 1);
    await settle();
    assert.equal(done, false, "still waiting just before the bound");
    t.mock.timers.tick(1);
    await emitted;
    assert.deepEqual(logged, [
      {
        code: "EventHandlerFailed",
        detail: { event: "audit", cause: `no answer within ${EVENT_HANDLER_TIMEOUT_MS} ms; left running` },
      },
    ]);
    fail(new Error("webhook down"));
    await settle();
    assert.deepEqual(logged[1], {
      code: "EventHandlerFailed",
      detail: { event: "audit", cause: "Error: webhook down" },
    });
  });

  test("a handler that answers in time leaves no timer behind", async (t) => {
    t.mock.timers.enable({ apis: ["setTimeout"] });
    const cleared = t.mock.method(globalThis, "clearTimeout");
    const { ctx } = contextWith({ audit: async () => {} });
    await emitEvent(ctx, "audit", ENTRY);
    assert.equal(cleared.mock.callCount(), 1);
  });
});

/** Lets pending promise callbacks run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}
