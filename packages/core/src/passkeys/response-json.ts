import { isRecord } from "../lib/is-record.ts";

/** The transports WebAuthn defines, and `cable` (hybrid's older name). */
export type CredentialTransport = "ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb";

/**
 * `RegistrationResponseJSON` (WebAuthn Level 3's `PublicKeyCredential.toJSON()` of a `create()`), as
 * far as registration reads it: the members `@simplewebauthn/server` verifies.
 */
export interface RegistrationResponseJSON {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; attestationObject: string; transports?: CredentialTransport[] };
  clientExtensionResults: Record<string, never>;
}

/** `AuthenticationResponseJSON` (the `toJSON()` of a `get()`), as far as sign-in reads it. */
export interface AuthenticationResponseJSON {
  id: string;
  rawId: string;
  type: "public-key";
  response: { clientDataJSON: string; authenticatorData: string; signature: string; userHandle?: string };
  clientExtensionResults: Record<string, never>;
}

/**
 * The transports WebAuthn defines (and `cable`, hybrid's older name). Anything else a client sends
 * is dropped rather than stored and echoed back in later options.
 */
const TRANSPORTS: ReadonlySet<string> = new Set<CredentialTransport>([
  "ble",
  "cable",
  "hybrid",
  "internal",
  "nfc",
  "smart-card",
  "usb",
]);

/**
 * Narrows a browser's `PublicKeyCredential.toJSON()` of `navigator.credentials.create()` to what
 * registration reads, or `null` when it has not that shape. The values are still unverified.
 *
 * @example const response = parseRegistrationResponse(await request.json())
 */
export function parseRegistrationResponse(input: unknown): RegistrationResponseJSON | null {
  const credential = credentialOf(input);
  if (!credential) return null;
  const { clientDataJSON, attestationObject, transports } = credential.response;
  if (typeof clientDataJSON !== "string" || typeof attestationObject !== "string") return null;
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: "public-key",
    response: { clientDataJSON, attestationObject, transports: knownTransports(transports) },
    // Gatehouse asks for no extension whose output it reads: none is passed on.
    clientExtensionResults: {},
  };
}

/**
 * Narrows a browser's `PublicKeyCredential.toJSON()` of `navigator.credentials.get()`, or `null`.
 * Its `id` is the credential id to look the passkey up by; the values are still unverified.
 *
 * @example
 * const response = parseAuthenticationResponse(body);
 * const passkey = response && (await adapter.getPasskey(response.id));
 */
export function parseAuthenticationResponse(input: unknown): AuthenticationResponseJSON | null {
  const credential = credentialOf(input);
  if (!credential) return null;
  const { clientDataJSON, authenticatorData, signature, userHandle } = credential.response;
  if (
    typeof clientDataJSON !== "string" ||
    typeof authenticatorData !== "string" ||
    typeof signature !== "string"
  ) {
    return null;
  }
  // Some clients send `userHandle: null` for a credential without one; treat it as absent.
  if (userHandle !== undefined && userHandle !== null && typeof userHandle !== "string") return null;
  return {
    id: credential.id,
    rawId: credential.rawId,
    type: "public-key",
    response: {
      clientDataJSON,
      authenticatorData,
      signature,
      ...(typeof userHandle === "string" && userHandle !== "" ? { userHandle } : {}),
    },
    clientExtensionResults: {},
  };
}

/** The members both ceremonies share: a `public-key` credential with an id and a response object. */
function credentialOf(
  input: unknown,
): { id: string; rawId: string; response: Record<string, unknown> } | null {
  if (!isRecord(input)) return null;
  const { id, rawId, type, response } = input;
  if (typeof id !== "string" || id === "" || typeof rawId !== "string" || type !== "public-key") return null;
  if (!isRecord(response)) return null;
  return { id, rawId, response };
}

function knownTransports(input: unknown): CredentialTransport[] {
  if (!Array.isArray(input)) return [];
  const known = input.filter((t): t is CredentialTransport => typeof t === "string" && TRANSPORTS.has(t));
  return [...new Set(known)];
}
