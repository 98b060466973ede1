import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ConfigError } from "../errors/config-error.ts";
import { gatehouse } from "../gatehouse.ts";

const SECRET = "test-secret-test-secret-test-secret-0123456789";

/** Configures Gatehouse with these events and audit options, as an app would. */
function configure(options: { events?: unknown; audit?: unknown }) {
  return () =>
    gatehouse({
      secret: SECRET,
      url: "http://localhost:3000/api/auth",
      providers: [],
      ...(options as object),
    });
}

describe("the events and audit options at start-up", () => {
  test("known events with functions, and audit settings or false, are accepted", () => {
    assert.doesNotThrow(
      configure({ events: { signIn: () => {}, audit: async () => {}, session: undefined } }),
    );
    assert.doesNotThrow(configure({ audit: false }));
    assert.doesNotThrow(configure({ audit: { retentionDays: 30 } }));
  });

  test("a name that is no event (a typo would never fire) is refused, naming the events", () => {
    assert.throws(configure({ events: { signin: () => {} } }), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /events\.signin is not an event\. The events are signIn, signOut, /);
      return true;
    });
  });

  test("a handler that is not a function, or events that are no object, are refused", () => {
    assert.throws(configure({ events: { signIn: "log" } }), /events\.signIn must be a function/);
    assert.throws(configure({ events: [] }), /events must be an object of handlers/);
  });

  test("audit.retentionDays must be a whole number of days, at least 1", () => {
    for (const retentionDays of [0, 2.5, "90"]) {
      assert.throws(configure({ audit: { retentionDays } }), /audit\.retentionDays must be a whole number/);
    }
    assert.throws(configure({ audit: "on" }), /audit must be false or/);
  });
});
