/**
 * A software authenticator for tests: an ES256 key pair from Web Crypto that answers WebAuthn
 * ceremonies as a browser would hand them to the server (`PublicKeyCredential.toJSON()`), without a
 * browser. CBOR and base64url come from @simplewebauthn/server's helpers; each test sets the flags,
 * counter, origin and RP ID it needs, so a bad response is one option away from a good one.
 */
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A Web Crypto key, spelled so that the declarations need no DOM library (a server's tsconfig has
 * none): what `crypto.subtle` hands out on every runtime.
 */
export type WebCryptoKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** An ES256 key pair. */
export interface WebCryptoKeyPair {
  publicKey: WebCryptoKey;
  privateKey: WebCryptoKey;
}

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

/** The AAGUID the test authenticator reports (any 16 bytes). */
const AAGUID = new Uint8Array(16).fill(0xaa);

export interface CeremonyOptions {
  challenge: string;
  origin: string;
  rpId: string;
  /** Authenticator data flags; default UP|UV. */
  flags?: number;
  counter?: number;
  /** The clientData `type`; default per ceremony. */
  type?: string;
}

export interface SoftwareAuthenticator {
  /** The credential id, base64url. */
  readonly id: string;
  /** A registration response (`none` attestation) for `navigator.credentials.create()` options. */
  register(
    options: CeremonyOptions & { transports?: string[]; attestation?: "none" | "packed-self" },
  ): Promise<Record<string, unknown>>;
  /** An assertion for `navigator.credentials.get()`; `signWith` signs with another key. */
  assert(
    options: CeremonyOptions & { userHandle?: string; signWith?: WebCryptoKey },
  ): Promise<Record<string, unknown>>;
}

export async function createSoftwareAuthenticator(): Promise<SoftwareAuthenticator> {
  const keys = await newKeyPair();
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  const id = isoBase64URL.fromBuffer(credentialId);

  return {
    id,
    async register(options) {
      const flags = options.flags ?? FLAG.UP | FLAG.UV;
      const authData = concat(
        await rpIdHashAndFlags(options.rpId, flags | FLAG.AT, options.counter ?? 0),
        AAGUID,
        uint16(credentialId.length),
        credentialId,
        await coseKey(keys.publicKey),
      );
      const clientDataJSON = clientData(options.type ?? "webauthn.create", options);
      // `packed` self attestation: signed by the credential's own key, no certificate.
      const packed = options.attestation === "packed-self";
      const statement = new Map<string, number | Uint8Array>();
      if (packed) {
        statement.set("alg", -7);
        statement.set("sig", await sign(keys.privateKey, authData, clientDataJSON));
      }
      const attestationObject = isoCBOR.encode(
        new Map<string, Map<string, number | Uint8Array> | string | Uint8Array>([
          ["fmt", packed ? "packed" : "none"],
          ["attStmt", statement],
          ["authData", authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON,
          attestationObject: isoBase64URL.fromBuffer(attestationObject),
          transports: options.transports ?? ["internal", "hybrid"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    async assert(options) {
      const flags = options.flags ?? FLAG.UP | FLAG.UV;
      const authData = await rpIdHashAndFlags(options.rpId, flags, options.counter ?? 0);
      const clientDataJSON = clientData(options.type ?? "webauthn.get", options);
      const signature = await sign(options.signWith ?? keys.privateKey, authData, clientDataJSON);
      return {
        id,
        rawId: id,
        type: "public-key",
        response: {
          clientDataJSON,
          authenticatorData: isoBase64URL.fromBuffer(authData),
          signature: isoBase64URL.fromBuffer(signature),
          ...(options.userHandle === undefined ? {} : { userHandle: options.userHandle }),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

/** A fresh ES256 key pair (P-256). */
export function newKeyPair(): Promise<WebCryptoKeyPair> {
  return crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, ["sign", "verify"]);
}

/** An ES256 signature over authData || SHA-256(clientDataJSON), DER-encoded as WebAuthn carries it. */
async function sign(
  key: WebCryptoKey,
  authData: Uint8Array,
  clientDataJSON: string,
): Promise<Uint8Array<ArrayBuffer>> {
  const signed = concat(authData, await sha256(isoBase64URL.toBuffer(clientDataJSON)));
  const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, signed));
  return derSignature(raw);
}

function clientData(type: string, options: CeremonyOptions): string {
  const json = JSON.stringify({
    type,
    challenge: options.challenge,
    origin: options.origin,
    crossOrigin: false,
  });
  return isoBase64URL.fromUTF8String(json);
}

/** SHA-256 of the RP ID, the flags byte and the big-endian 32-bit counter: authData's first 37 bytes. */
async function rpIdHashAndFlags(
  rpId: string,
  flags: number,
  counter: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const counterBytes = new Uint8Array(4);
  new DataView(counterBytes.buffer).setUint32(0, counter, false);
  return concat(await sha256(new TextEncoder().encode(rpId)), Uint8Array.of(flags), counterBytes);
}

/** The public key as a COSE_Key (RFC 9053): EC2, ES256, P-256, x and y. */
async function coseKey(publicKey: WebCryptoKey): Promise<Uint8Array> {
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", publicKey)); // 0x04 || x || y
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, raw.slice(1, 33)],
      [-3, raw.slice(33, 65)],
    ]),
  );
}

/**
 * WebAuthn carries ES256 signatures ASN.1 DER-encoded; Web Crypto signs `r || s`. DER:
 * SEQUENCE { INTEGER r, INTEGER s }, each without leading zeros but with a 0x00 when the top bit is set.
 */
function derSignature(raw: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (bytes: Uint8Array): Uint8Array => {
    let start = 0;
    while (start < bytes.length - 1 && bytes[start] === 0) start++;
    const trimmed = bytes.slice(start);
    const body = (trimmed[0] ?? 0) & 0x80 ? concat(Uint8Array.of(0), trimmed) : trimmed;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32, 64)));
  return concat(Uint8Array.of(0x30, body.length), body);
}

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>));
}

function uint16(value: number): Uint8Array {
  return Uint8Array.of(value >> 8, value & 0xff);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
