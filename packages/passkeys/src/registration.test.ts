import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, type StoredPasskey } from "@gatehouse/core";
import { type PasskeyRegistrationFailed, resolveRelyingParty } from "@gatehouse/core/webauthn";
import {
  decodeAttestationObject,
  decodeCredentialPublicKey,
  isoBase64URL,
  isoCBOR,
} from "@simplewebauthn/server/helpers";
import { base64url } from "jose";
import { registrationOptions, verifyRegistration } from "./registration.ts";
import { createSoftwareAuthenticator, FLAG } from "./software-authenticator.ts";

const rp = resolveRelyingParty({ rpName: "Example" }, "https://app.example.com/api/auth");
const origin = "https://app.example.com";
const now = Date.UTC(2026, 0, 1);
const user = { id: "0b6c0a3e-5b1f-4a53-9a59-4b1f7d0c2e11", email: "ada@example.com", name: "Ada Lovelace" };

/** Options, a software authenticator's answer to them, and the verification, with one part changed. */
async function ceremony(
  change: {
    origin?: string;
    rpId?: string;
    flags?: number;
    challenge?: string;
    type?: string;
    transports?: string[];
    attestation?: "none" | "packed-self";
    response?: (response: Record<string, unknown>) => unknown;
  } = {},
) {
  const options = await registrationOptions({ timeoutMs: 300_000, rp, user, existing: [] });
  const authenticator = await createSoftwareAuthenticator();
  const response = await authenticator.register({
    challenge: change.challenge ?? options.challenge,
    origin: change.origin ?? origin,
    rpId: change.rpId ?? rp.rpId,
    ...(change.flags === undefined ? {} : { flags: change.flags }),
    ...(change.type === undefined ? {} : { type: change.type }),
    ...(change.transports === undefined ? {} : { transports: change.transports }),
    ...(change.attestation === undefined ? {} : { attestation: change.attestation }),
  });
  const result = await verifyRegistration({
    response: change.response ? change.response(response) : response,
    expectedChallenge: options.challenge,
    rp,
    userId: user.id,
    name: "MacBook",
    now,
  });
  return { authenticator, result };
}

function assertFailed(result: StoredPasskey | PasskeyRegistrationFailed, cause: RegExp): void {
  assert.ok("error" in result, "the registration must fail");
  assert.equal(result.error, "PasskeyRegistrationFailed");
  assert.match(result.cause, cause);
}

test("options ask for a discoverable credential with user verification and no attestation", async () => {
  const existing = [
    { id: "Y3JlZC0x", transports: ["usb"] },
    { id: "Y3JlZC0y", transports: [] },
  ] as StoredPasskey[];
  const options = await registrationOptions({ timeoutMs: 300_000, rp, user, existing });
  assert.deepEqual(options.rp, { id: "app.example.com", name: "Example" });
  assert.deepEqual(options.user, {
    id: base64url.encode(user.id),
    name: "ada@example.com",
    displayName: "Ada Lovelace",
  });
  assert.equal(options.authenticatorSelection?.residentKey, "required");
  assert.equal(options.authenticatorSelection?.requireResidentKey, true);
  assert.equal(options.authenticatorSelection?.userVerification, "required");
  assert.equal(options.attestation, "none");
  assert.deepEqual(
    options.pubKeyCredParams.map((p) => p.alg),
    [-7, -8, -257],
  );
  assert.deepEqual(options.excludeCredentials, [
    { id: "Y3JlZC0x", transports: ["usb"], type: "public-key" },
    { id: "Y3JlZC0y", transports: [], type: "public-key" },
  ]);
  assert.equal(options.timeout, 5 * 60 * 1000);
  assert.ok(isoBase64URL.toBuffer(options.challenge).length >= 16, "a fresh random challenge");
  assert.notEqual(
    (await registrationOptions({ timeoutMs: 300_000, rp, user, existing })).challenge,
    options.challenge,
  );
});

test("without a name, the display name is the email address", async () => {
  const options = await registrationOptions({
    timeoutMs: 300_000,
    rp,
    user: { id: "u1", email: "ada@example.com", name: null },
    existing: [],
  });
  assert.equal(options.user.displayName, "ada@example.com");
});

test("a user id longer than a user handle may be is misuse (ConfigError)", async () => {
  await assert.rejects(
    registrationOptions({
      timeoutMs: 300_000,
      rp,
      user: { id: "x".repeat(65), email: "a@example.com" },
      existing: [],
    }),
    (error: unknown) => error instanceof ConfigError && /1–64 bytes/.test(error.message),
  );
});

test("a registration verifies into a passkey to store: the public key and metadata, nothing secret", async () => {
  const { authenticator, result } = await ceremony();
  assert.ok(!("error" in result), "error" in result ? result.cause : "");
  assert.deepEqual(Object.keys(result).sort(), [
    "backedUp",
    "counter",
    "createdAt",
    "deviceType",
    "id",
    "lastUsedAt",
    "name",
    "publicKey",
    "transports",
    "userId",
  ]);
  assert.equal(result.id, authenticator.id);
  assert.equal(result.userId, user.id);
  assert.equal(result.counter, 0);
  assert.deepEqual(result.transports, ["internal", "hybrid"]);
  assert.equal(result.deviceType, "singleDevice");
  assert.equal(result.backedUp, false);
  assert.equal(result.name, "MacBook");
  assert.deepEqual(result.createdAt, new Date(now));
  assert.equal(result.lastUsedAt, null);
  const cose = decodeCredentialPublicKey(isoBase64URL.toBuffer(result.publicKey));
  assert.equal(cose.get(3), -7, "an ES256 COSE public key, base64url");
  assert.equal((cose as Map<number, unknown>).get(-4), undefined, "no private key (COSE d) in storage");
});

test("backup flags are carried into the stored passkey", async () => {
  const synced = (await ceremony({ flags: FLAG.UP | FLAG.UV | FLAG.BE | FLAG.BS })).result;
  assert.ok(!("error" in synced));
  assert.equal(synced.deviceType, "multiDevice");
  assert.equal(synced.backedUp, true);
  const eligible = (await ceremony({ flags: FLAG.UP | FLAG.UV | FLAG.BE })).result;
  assert.ok(!("error" in eligible));
  assert.equal(eligible.deviceType, "multiDevice");
  assert.equal(eligible.backedUp, false);
});

test("a registration from another origin is refused", async () => {
  assertFailed((await ceremony({ origin: "https://evil.example" })).result, /origin/);
  assertFailed((await ceremony({ origin: "http://app.example.com" })).result, /origin/);
});

test("a registration for another RP ID is refused", async () => {
  assertFailed((await ceremony({ rpId: "evil.example" })).result, /RP ID/i);
});

test("a registration without user verification (UV flag) is refused", async () => {
  assertFailed((await ceremony({ flags: FLAG.UP })).result, /user verification/i);
});

test("a registration without user presence (UP flag) is refused", async () => {
  assertFailed((await ceremony({ flags: FLAG.UV })).result, /presence/i);
});

test("a registration of another challenge is refused", async () => {
  assertFailed((await ceremony({ challenge: isoBase64URL.fromUTF8String("another") })).result, /challenge/);
});

test("an assertion's client data (webauthn.get) is no registration", async () => {
  assertFailed((await ceremony({ type: "webauthn.get" })).result, /type/);
});

test("a response that is not a registration credential fails as a value, never a throw", async () => {
  for (const bad of [null, "x", 42, [], {}, { id: "a", rawId: "a", type: "public-key" }]) {
    assertFailed((await ceremony({ response: () => bad })).result, /not a registration credential/);
  }
  const mismatched = (r: Record<string, unknown>) => ({ ...r, rawId: "AAAA" });
  assertFailed((await ceremony({ response: mismatched })).result, /base64url|ID/);
  const garbage = (r: Record<string, unknown>) => ({
    ...r,
    response: { ...(r.response as object), attestationObject: "not-cbor" },
  });
  assertFailed((await ceremony({ response: garbage })).result, /malformed/);
});

test("attestation with certificates is refused before verification (no CRL fetch from a forged chain)", async () => {
  const replaceAttestation =
    (fmt: string, statement: Map<string, unknown>) => (r: Record<string, unknown>) => {
      const response = r.response as Record<string, string>;
      const decoded = decodeAttestationObject(isoBase64URL.toBuffer(response.attestationObject ?? ""));
      const object = isoCBOR.encode(
        new Map<string, never>([
          ["fmt", fmt as never],
          ["attStmt", statement as never],
          ["authData", decoded.get("authData") as never],
        ]),
      );
      return { ...r, response: { ...response, attestationObject: isoBase64URL.fromBuffer(object) } };
    };
  const withCertificate = new Map<string, unknown>([
    ["alg", -7],
    ["sig", new Uint8Array(8)],
    ["x5c", [new Uint8Array(8)]],
  ]);
  for (const fmt of ["android-key", "packed", "fido-u2f", "tpm", "apple"]) {
    assertFailed(
      (await ceremony({ response: replaceAttestation(fmt, withCertificate) })).result,
      new RegExp(`"${fmt}" with certificates is not accepted`),
    );
  }
});

test("packed self attestation (a security key's, which browsers pass on) verifies", async () => {
  const { authenticator, result } = await ceremony({ attestation: "packed-self" });
  assert.ok(!("error" in result), "error" in result ? result.cause : "");
  assert.equal(result.id, authenticator.id);
});

test("unknown transports are dropped, known ones kept once", async () => {
  const { result } = await ceremony({ transports: ["usb", "x<script>", "usb", "nfc"] });
  assert.ok(!("error" in result));
  assert.deepEqual(result.transports, ["usb", "nfc"]);
});
