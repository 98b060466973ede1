import type { StoredPasskey } from "@gatehouse/core";
import {
  isUserHandleOf,
  type PasskeyAuthenticated,
  type PasskeyInvalid,
  parseAuthenticationResponse,
  type RelyingParty,
} from "@gatehouse/core/webauthn";
import {
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";

/**
 * Options for `navigator.credentials.get()` with user verification required. Without
 * `allowCredentials` the list is empty: the browser offers the user's discoverable passkeys, as a
 * sign-in button and conditional UI (autofill, `mediation: "conditional"`) need.
 *
 * @example
 * const options = await authenticationOptions({ rp, timeoutMs: 300_000 });
 */
export async function authenticationOptions(input: {
  rp: RelyingParty;
  allowCredentials?: readonly StoredPasskey[];
  timeoutMs: number;
}): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: input.rp.rpId,
    allowCredentials: (input.allowCredentials ?? []).map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports,
    })),
    userVerification: "required",
    timeout: input.timeoutMs,
  });
}

/**
 * Verifies an assertion against the stored passkey its `id` names: challenge, origin, RP ID, user
 * presence and verification, the signature, the user handle and the counter. A counter that did not
 * grow is refused here; storage's `usePasskey` is still the atomic check, for two sign-ins at once.
 * Never throws for a bad response.
 *
 * @example
 * const response = parseAuthenticationResponse(body);
 * const passkey = response && (await adapter.getPasskey(response.id));
 * const result = passkey && (await verifyAuthentication({ response, expectedChallenge, rp, passkey }));
 * if (!result || "error" in result) return fail(result);
 * if (!(await adapter.usePasskey(passkey.id, result.newCounter, new Date(now)))) return fail();
 */
export async function verifyAuthentication(input: {
  response: unknown;
  expectedChallenge: string;
  rp: RelyingParty;
  passkey: StoredPasskey;
}): Promise<PasskeyAuthenticated | PasskeyInvalid> {
  const { passkey } = input;
  const response = parseAuthenticationResponse(input.response);
  if (!response) return invalid("the response is not an authentication credential");
  if (input.expectedChallenge === "") return invalid("no challenge to expect");
  if (response.id !== passkey.id) return invalid("the response is for another credential than the passkey");
  // The spec's step for discoverable credentials: the handle names the account that owns the key.
  const handle = response.response.userHandle;
  if (handle !== undefined && !isUserHandleOf(handle, passkey.userId)) {
    return invalid("the user handle does not name the passkey's owner");
  }

  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: [...input.rp.origins],
      expectedRPID: input.rp.rpId,
      requireUserVerification: true,
      // Counter 0 switches the library's own counter check off: it runs before the signature is
      // checked, so it would call any forged response a clone. Gatehouse compares after (below).
      credential: { id: passkey.id, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: 0 },
    });
  } catch (error) {
    return invalid(error instanceof Error ? error.message : "the response did not verify");
  }
  const info = verification.authenticationInfo;
  if (!verification.verified) return invalid("the signature does not verify with the passkey's public key");

  // Same rule as `usePasskey`: the counter must grow, unless both are 0 (authenticators that do
  // not count, as synced passkeys mostly do).
  if ((info.newCounter > 0 || passkey.counter > 0) && info.newCounter <= passkey.counter) {
    return {
      error: "PasskeyInvalid",
      cause: `signature counter ${info.newCounter} is not above the stored ${passkey.counter}: possibly a cloned authenticator`,
      counterRegressed: true,
    };
  }
  return {
    newCounter: info.newCounter,
    userVerified: info.userVerified,
    backedUp: info.credentialBackedUp,
    deviceType: info.credentialDeviceType,
  };
}

function invalid(cause: string): PasskeyInvalid {
  return { error: "PasskeyInvalid", cause, counterRegressed: false };
}
