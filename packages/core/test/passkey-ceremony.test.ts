/**
 * A passkey sign-in end to end at the level of its parts: the challenge sealed into its cookie,
 * spent once, the assertion verified by the ceremonies (`@gatehouse/passkeys`), the use recorded
 * once by storage (attack: replaying the same sign-in request, two instances recording one counter).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { webAuthn } from "@gatehouse/passkeys";
import { createSoftwareAuthenticator } from "@gatehouse/passkeys/testing";
import { base64url } from "jose";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { KeyRing } from "../src/lib/key-ring.ts";
import { createMemoryRateLimitStore } from "../src/limits/memory-rate-limit-store.ts";
import { consumeOnce, openChallenge, sealChallenge } from "../src/passkeys/challenge-cookie.ts";
import { resolveRelyingParty } from "../src/passkeys/relying-party.ts";

const rp = resolveRelyingParty({}, "https://app.example.com/api/auth");
const origin = "https://app.example.com";
const now = Date.UTC(2026, 0, 1);
const userId = "0b6c0a3e-5b1f-4a53-9a59-4b1f7d0c2e11";
const handle = base64url.encode(userId);
const ceremonies = webAuthn();

async function registered() {
  const options = await ceremonies.registrationOptions({
    rp,
    user: { id: userId, email: "ada@example.com" },
    existing: [],
    timeoutMs: 300_000,
  });
  const authenticator = await createSoftwareAuthenticator();
  const response = await authenticator.register({ challenge: options.challenge, origin, rpId: rp.rpId });
  const passkey = await ceremonies.verifyRegistration({
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

test("a whole sign-in: sealed challenge, spent once, verified, recorded once by storage", async () => {
  const keys = new KeyRing(["a-secret-of-at-least-thirty-two-characters"]);
  const store = createMemoryRateLimitStore();
  const adapter = createMemoryAdapter();
  const user = await adapter.createUser({ id: userId, email: "ada@example.com", emailVerified: null });
  const { authenticator, passkey } = await registered();
  await adapter.createPasskey(passkey);

  // GET options: the challenge goes to the browser and, sealed, into its cookie.
  const options = await ceremonies.authenticationOptions({ rp, timeoutMs: 300_000 });
  const cookie = await sealChallenge({
    keys,
    ceremony: { kind: "authenticate", challenge: options.challenge },
    now,
  });
  const body = await authenticator.assert({
    challenge: options.challenge,
    origin,
    rpId: rp.rpId,
    counter: 1,
    userHandle: handle,
  });

  // POST: open the cookie, spend it, look the passkey up by the response's id, verify, record.
  const complete = async (at: number) => {
    const ceremony = await openChallenge({ keys, value: cookie, kind: "authenticate", now: at });
    if (!ceremony || !(await consumeOnce(ceremony.id, store, at))) return "challenge refused";
    const stored = await adapter.getPasskey((body as { id: string }).id);
    if (!stored) return "unknown passkey";
    const result = await ceremonies.verifyAuthentication({
      response: body,
      expectedChallenge: ceremony.challenge,
      rp,
      passkey: stored,
    });
    if ("error" in result) return result.cause;
    // biome-ignore lint/correctness/useHookAtTopLevel: an adapter method named use…, not a React hook
    const recorded = await adapter.usePasskey(stored.id, result.newCounter, new Date(at));
    return recorded ? stored.userId : "clone";
  };
  assert.equal(await complete(now + 1000), user.id);
  assert.equal(await complete(now + 2000), "challenge refused", "the same request replayed");
  const after = await adapter.getPasskey(passkey.id);
  assert.equal(after?.counter, 1);
  assert.deepEqual(after?.lastUsedAt, new Date(now + 1000));
  // Two instances that verified the same counter at once: storage lets one of them through.
  assert.equal(await adapter.usePasskey(passkey.id, 1, new Date(now + 3000)), false);
});
