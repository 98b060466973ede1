import type { StoredPasskey } from "@gatehouse/core";
import {
  type PasskeyRegistrationFailed,
  type PasskeyUser,
  parseRegistrationResponse,
  type RelyingParty,
  userHandle,
} from "@gatehouse/core/webauthn";
import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { decodeAttestationObject, isoBase64URL } from "@simplewebauthn/server/helpers";

/**
 * The COSE algorithms a passkey may use: ES256 (-7) first, because every authenticator and every
 * Web Crypto runtime (edge included) has it; then EdDSA (-8) and RS256 (-257, Windows Hello).
 * No post-quantum ML-DSA until edge runtimes verify it.
 */
const SUPPORTED_ALGORITHMS = [-7, -8, -257];

/**
 * Options for `navigator.credentials.create()`: a discoverable credential (resident key) with user
 * verification, no attestation, and the user's existing passkeys excluded so one authenticator is
 * not registered twice. The options' `challenge` goes into the challenge cookie.
 *
 * @example
 * const options = await registrationOptions({ rp, user, existing: await adapter.listPasskeys(user.id), timeoutMs: 300_000 });
 */
export async function registrationOptions(input: {
  rp: RelyingParty;
  user: PasskeyUser;
  existing: readonly StoredPasskey[];
  timeoutMs: number;
}): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rp, user } = input;
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: user.name?.trim() || user.email,
    timeout: input.timeoutMs,
    attestationType: "none",
    excludeCredentials: input.existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    },
    supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
  });
}

/**
 * Verifies the browser's answer to `registrationOptions` and returns the passkey to store (its
 * public key only), or a failure: a response of the wrong shape, another challenge, origin or RP
 * ID, no user verification, an unsupported algorithm or attestation. Never throws for a bad response.
 *
 * @example
 * const passkey = await verifyRegistration({ response: body, expectedChallenge: ceremony.challenge, rp, userId, name, now });
 * if ("error" in passkey) return fail(passkey);
 * await adapter.createPasskey(passkey);
 */
export async function verifyRegistration(input: {
  response: unknown;
  expectedChallenge: string;
  rp: RelyingParty;
  userId: string;
  name: string;
  now: number;
}): Promise<StoredPasskey | PasskeyRegistrationFailed> {
  const response = parseRegistrationResponse(input.response);
  if (!response) return failed("the response is not a registration credential");
  if (input.expectedChallenge === "") return failed("no challenge to expect");
  const refused = refusedAttestation(response.response.attestationObject);
  if (refused) return failed(refused);

  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: [...input.rp.origins],
      expectedRPID: input.rp.rpId,
      requireUserPresence: true,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHMS,
    });
  } catch (error) {
    return failed(error instanceof Error ? error.message : "the response did not verify");
  }
  if (!verification.verified) return failed("the attestation statement did not verify");

  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return {
    id: credential.id,
    userId: input.userId,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: response.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name: input.name,
    createdAt: new Date(input.now),
    lastUsedAt: null,
  };
}

/**
 * Gatehouse asks for no attestation, and a browser then sends format `none`, or `packed` self
 * attestation (no certificate). Anything with certificates is refused before it is verified: the
 * library checks certificate revocation by fetching the CRL URLs a certificate names, and an
 * `android-key` statement supplies its own root, so a forged response could make the server fetch
 * any URL (server-side request forgery), also during a passkey-only sign-up with no session.
 */
function refusedAttestation(attestationObject: string): string | null {
  try {
    const decoded = decodeAttestationObject(isoBase64URL.toBuffer(attestationObject));
    const fmt: unknown = decoded.get("fmt");
    const statement = decoded.get("attStmt");
    if (fmt === "none") return null;
    if (fmt === "packed" && statement.get("x5c") === undefined) return null;
    return `attestation format ${JSON.stringify(fmt)} with certificates is not accepted (Gatehouse asks for "none")`;
  } catch {
    return "the attestation object is malformed";
  }
}

function failed(cause: string): PasskeyRegistrationFailed {
  return { error: "PasskeyRegistrationFailed", cause };
}
