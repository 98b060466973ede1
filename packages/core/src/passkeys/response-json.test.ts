import assert from "node:assert/strict";
import { test } from "node:test";
import { parseAuthenticationResponse, parseRegistrationResponse } from "./response-json.ts";

const registration = {
  id: "Y3JlZA",
  rawId: "Y3JlZA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA", transports: ["usb", 7, "bogus"] },
  clientExtensionResults: { credProps: { rk: true } },
  authenticatorAttachment: "cross-platform",
  extra: "dropped",
};

test("a registration credential is narrowed to the members verification reads, nothing more", () => {
  assert.deepEqual(parseRegistrationResponse(registration), {
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: { clientDataJSON: "e30", attestationObject: "oA", transports: ["usb"] },
    clientExtensionResults: {},
  });
});

test("an authentication credential is narrowed; a null or empty user handle is absent", () => {
  const base = {
    id: "Y3JlZA",
    rawId: "Y3JlZA",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA", userHandle: "dTE" },
    clientExtensionResults: {},
  };
  assert.equal(parseAuthenticationResponse(base)?.response.userHandle, "dTE");
  for (const userHandle of [null, undefined, ""]) {
    const parsed = parseAuthenticationResponse({ ...base, response: { ...base.response, userHandle } });
    assert.ok(parsed);
    assert.equal("userHandle" in parsed.response, false);
  }
  assert.equal(parseAuthenticationResponse({ ...base, response: { ...base.response, userHandle: 7 } }), null);
});

test("anything of another shape is null", () => {
  for (const bad of [
    null,
    [],
    "x",
    { ...registration, type: "password" },
    { ...registration, id: "" },
    { ...registration, rawId: 1 },
    { ...registration, response: [] },
    { ...registration, response: { clientDataJSON: "e30" } },
  ]) {
    assert.equal(parseRegistrationResponse(bad), null, JSON.stringify(bad));
    assert.equal(parseAuthenticationResponse(bad), null, JSON.stringify(bad));
  }
});
