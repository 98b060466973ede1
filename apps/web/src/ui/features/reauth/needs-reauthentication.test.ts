import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { needsReauthentication } from "./needs-reauthentication.ts";

describe("needsReauthentication", () => {
  it("is true for the server's code, and for a 403 a client function could not name", () => {
    assert.equal(needsReauthentication({ code: "ReauthenticationRequired", status: 403 }), true);
    assert.equal(needsReauthentication({ code: "Default", status: 403 }), true);
  });

  it("is false for the other refusals", () => {
    assert.equal(needsReauthentication({ code: "CurrentPasswordIncorrect", status: 403 }), false);
    assert.equal(needsReauthentication({ code: "MissingCSRF", status: 403 }), false);
    assert.equal(needsReauthentication({ code: "Default", status: 500 }), false);
    assert.equal(needsReauthentication({ code: "SessionRequired", status: 401 }), false);
  });
});
