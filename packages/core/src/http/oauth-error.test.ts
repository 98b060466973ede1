import assert from "node:assert/strict";
import { test } from "node:test";
import { errorCatalogue, type OAuthErrorCode } from "../errors/catalogue.ts";
import { oauthError } from "./oauth-error.ts";

// The wire answers of device-token and backchannel-logout, byte for byte: device clients (our CLI
// among them) and providers parse these, so moving them into the catalogue must not change them.
const WIRE: Record<OAuthErrorCode, { status: number; body: Record<string, unknown> }> = {
  DeviceCodeMissing: {
    status: 400,
    body: { error: "invalid_request", error_description: "device_code is required" },
  },
  DeviceCodeInvalid: {
    status: 400,
    body: {
      error: "invalid_grant",
      error_description: "device_code is unknown, tampered, already used or for another provider",
    },
  },
  AuthorizationPending: {
    status: 400,
    body: { error: "authorization_pending", error_description: "the person has not finished signing in yet" },
  },
  SlowDown: {
    status: 400,
    body: {
      error: "slow_down",
      error_description: "polling too fast: wait `interval` seconds between polls",
    },
  },
  DeviceCodeExpired: {
    status: 400,
    body: { error: "expired_token", error_description: "device_code has expired: start again" },
  },
  DeviceAccessDenied: {
    status: 400,
    body: { error: "access_denied", error_description: "the sign-in was refused" },
  },
  LogoutTokenInvalid: { status: 400, body: { error: "invalid_request" } },
  BackchannelLogoutUnsupported: {
    status: 501,
    body: { error: "unsupported", error_description: "sessions are not stored on the server" },
  },
  BackchannelLogoutUnavailable: { status: 503, body: { error: "temporarily_unavailable" } },
};

test("each OAuth-style code answers its RFC 6749 §5.2 JSON, exactly as before it joined the catalogue", () => {
  for (const [code, { status, body }] of Object.entries(WIRE)) {
    const outcome = oauthError(code as OAuthErrorCode);
    assert.equal(JSON.stringify(outcome), JSON.stringify({ type: "json", body, status }), code);
  }
});

test("slow_down carries the interval after the description", () => {
  assert.equal(
    JSON.stringify(oauthError("SlowDown", { interval: 10 })),
    JSON.stringify({ type: "json", body: { ...WIRE.SlowDown.body, interval: 10 }, status: 400 }),
  );
});

test("every catalogue code with an OAuth answer is listed above, on the request surface", () => {
  const withAnswer = Object.entries(errorCatalogue)
    .filter(([, entry]) => "oauth" in entry)
    .map(([code]) => code);
  assert.deepEqual(withAnswer.sort(), Object.keys(WIRE).sort());
  for (const code of withAnswer) assert.equal(errorCatalogue[code as OAuthErrorCode].surface, "request");
});
