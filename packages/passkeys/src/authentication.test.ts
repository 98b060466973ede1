import assert from "node:assert/strict";
import { test } from "node:test";
import type { StoredPasskey } from "@gatehouse/core";
import {
  type PasskeyAuthenticated,
  type PasskeyInvalid,
  resolveRelyingParty,
} from "@gatehouse/core/webauthn";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import { base64url } from "jose";
import { authenticationOptions, verifyAuthentication } from "./authentication.ts";
import { registrationOptions, verifyRegistration } from "./registration.ts";
import {
  createSoftwareAuthenticator,
  FLAG,
  newKeyPair,
  type SoftwareAuthenticator,
} from "./software-authenticator.ts";

const rp = resolveRelyingParty({}, "https://app.example.com/api/auth");
const origin = "https://app.example.com";
const now = Date.UTC(2026, 0, 1);
const userId = "0b6c0a3e-5b1f-4a53-9a59-4b1f7d0c2e11";
const handle = base64url.encode(userId);

/** A software authenticator and the passkey its registration stored. */
async function registered(
  flags = FLAG.UP | FLAG.UV,
): Promise<{ authenticator: SoftwareAuthenticator; passkey: StoredPasskey }> {
  const options = await registrationOptions({
    timeoutMs: 300_000,
    rp,
    user: { id: userId, email: "ada@example.com" },
    existing: [],
  });
  const authenticator = await createSoftwareAuthenticator();
  const response = await authenticator.register({
    challenge: options.challenge,
    origin,
    rpId: rp.rpId,
    flags,
  });
  const passkey = await verifyRegistration({
    response,
    expectedChallenge: options.challenge,
    rp,
    userId,
    name: "Phone",
    now,
  });
  assert.ok(!("error" in passkey), "error" in passkey ? passkey.cause : "");
  return { authenticator, passkey };
}

/** Signs in with the passkey, the assertion changed as asked. */
async function signIn(
  setup: { authenticator: SoftwareAuthenticator; passkey: StoredPasskey },
  change: {
    origin?: string;
    rpId?: string;
    flags?: number;
    counter?: number;
    challenge?: string;
    userHandle?: string | null;
    signWith?: CryptoKey;
    response?: (response: Record<string, unknown>) => unknown;
  } = {},
): Promise<PasskeyAuthenticated | PasskeyInvalid> {
  const options = await authenticationOptions({ timeoutMs: 300_000, rp });
  const response = await setup.authenticator.assert({
    challenge: change.challenge ?? options.challenge,
    origin: change.origin ?? origin,
    rpId: change.rpId ?? rp.rpId,
    ...(change.flags === undefined ? {} : { flags: change.flags }),
    ...(change.counter === undefined ? {} : { counter: change.counter }),
    ...(change.userHandle === null ? {} : { userHandle: change.userHandle ?? handle }),
    ...(change.signWith === undefined ? {} : { signWith: change.signWith }),
  });
  return verifyAuthentication({
    response: change.response ? change.response(response) : response,
    expectedChallenge: options.challenge,
    rp,
    passkey: setup.passkey,
  });
}

function assertInvalid(
  result: PasskeyAuthenticated | PasskeyInvalid,
  cause: RegExp,
  counterRegressed = false,
) {
  assert.ok("error" in result, "the sign-in must be refused");
  assert.equal(result.error, "PasskeyInvalid");
  assert.match(result.cause, cause);
  assert.equal(result.counterRegressed, counterRegressed);
}

test("options for discoverable sign-in and conditional UI: an empty allow list, user verification required", async () => {
  const options = await authenticationOptions({ timeoutMs: 300_000, rp });
  assert.equal(options.rpId, "app.example.com");
  assert.deepEqual(options.allowCredentials, []);
  assert.equal(options.userVerification, "required");
  assert.equal(options.timeout, 5 * 60 * 1000);
  assert.ok(isoBase64URL.toBuffer(options.challenge).length >= 16);
  const passkey = { id: "Y3JlZC0x", transports: ["usb", "nfc"] } as StoredPasskey;
  const listed = await authenticationOptions({ timeoutMs: 300_000, rp, allowCredentials: [passkey] });
  assert.deepEqual(listed.allowCredentials, [
    { id: "Y3JlZC0x", transports: ["usb", "nfc"], type: "public-key" },
  ]);
});

test("a sign-in with the registered passkey verifies", async () => {
  const setup = await registered();
  const result = await signIn(setup, { counter: 1 });
  assert.deepEqual(result, {
    newCounter: 1,
    userVerified: true,
    backedUp: false,
    deviceType: "singleDevice",
  });
});

test("a synced passkey (counter always 0, BE|BS) verifies and reports its backup state", async () => {
  const setup = await registered(FLAG.UP | FLAG.UV | FLAG.BE | FLAG.BS);
  const result = await signIn(setup, { flags: FLAG.UP | FLAG.UV | FLAG.BE | FLAG.BS, counter: 0 });
  assert.deepEqual(result, { newCounter: 0, userVerified: true, backedUp: true, deviceType: "multiDevice" });
  // Backup state can change after registration: reported as the authenticator says now.
  const notNow = await signIn(setup, { flags: FLAG.UP | FLAG.UV | FLAG.BE, counter: 0 });
  assert.ok(!("error" in notNow));
  assert.equal(notNow.backedUp, false);
});

test("a counter that did not grow is refused and reported as a possible clone", async () => {
  const setup = await registered();
  const used = { ...setup, passkey: { ...setup.passkey, counter: 5 } };
  assertInvalid(await signIn(used, { counter: 5 }), /counter 5 is not above the stored 5.*clone/, true);
  assertInvalid(await signIn(used, { counter: 3 }), /counter 3 is not above the stored 5/, true);
  // An authenticator that stopped counting after it counted is a regression too.
  assertInvalid(await signIn(used, { counter: 0 }), /counter 0/, true);
  const grown = await signIn(used, { counter: 6 });
  assert.ok(!("error" in grown));
  assert.equal(grown.newCounter, 6);
});

test("a signature by another key is refused, and is no clone even with a lower counter", async () => {
  const setup = await registered();
  const other = await newKeyPair();
  assertInvalid(await signIn(setup, { signWith: other.privateKey, counter: 1 }), /signature/);
  const used = { ...setup, passkey: { ...setup.passkey, counter: 5 } };
  assertInvalid(await signIn(used, { signWith: other.privateKey, counter: 2 }), /signature/, false);
});

test("an assertion from another origin is refused", async () => {
  assertInvalid(await signIn(await registered(), { origin: "https://evil.example" }), /origin/);
});

test("an assertion for another RP ID is refused", async () => {
  assertInvalid(await signIn(await registered(), { rpId: "evil.example" }), /RP ID/i);
});

test("an assertion without user verification (UV flag) is refused", async () => {
  assertInvalid(await signIn(await registered(), { flags: FLAG.UP }), /user verification/i);
});

test("an assertion of another challenge is refused", async () => {
  assertInvalid(
    await signIn(await registered(), { challenge: isoBase64URL.fromUTF8String("old") }),
    /challenge/,
  );
});

test("a user handle naming another user is refused; no handle (a listed credential) is fine", async () => {
  const setup = await registered();
  assertInvalid(await signIn(setup, { userHandle: base64url.encode("someone-else") }), /user handle/);
  assert.ok(!("error" in (await signIn(setup, { userHandle: null, counter: 1 }))));
});

test("an assertion by another credential than the passkey given is refused", async () => {
  const setup = await registered();
  const other = await registered();
  assertInvalid(
    await signIn({ authenticator: other.authenticator, passkey: setup.passkey }),
    /another credential/,
  );
});

test("malformed responses and a corrupt stored key fail as values, never throws", async () => {
  const setup = await registered();
  for (const bad of [
    null,
    "x",
    {},
    { id: setup.passkey.id, rawId: setup.passkey.id, type: "public-key", response: {} },
  ]) {
    assertInvalid(await signIn(setup, { response: () => bad }), /not an authentication credential/);
  }
  const badSignature = (r: Record<string, unknown>) => ({
    ...r,
    response: { ...(r.response as object), signature: "!!" },
  });
  assertInvalid(await signIn(setup, { response: badSignature }), /signature/);
  const corrupt = { ...setup, passkey: { ...setup.passkey, publicKey: "AAAA" } };
  const result = await signIn(corrupt);
  assert.ok("error" in result);
  assert.equal(result.counterRegressed, false);
});
