import { base64url } from "jose";
import { ConfigError } from "../errors/config-error.ts";
import { utf8 } from "../lib/encoding.ts";

/** The most bytes a WebAuthn user handle may have (spec §5.4.3). */
const MAX_USER_HANDLE_BYTES = 64;

/**
 * The WebAuthn user handle of a user: the UTF-8 bytes of their id. Storage keeps no handle of its
 * own, so the handle an authenticator returns can be checked against the passkey's owner. User ids
 * are opaque (random UUIDs): the handle must not carry personal data such as an email address.
 *
 * @example generateRegistrationOptions({ userID: userHandle(user.id), … })
 */
export function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  const bytes = utf8.encode(userId);
  if (bytes.length === 0 || bytes.length > MAX_USER_HANDLE_BYTES) {
    throw new ConfigError(
      `Gatehouse: a passkey's user handle is the user id, which must be 1–${MAX_USER_HANDLE_BYTES} bytes; this one has ${bytes.length}. Let the adapter generate opaque ids (e.g. UUIDs).`,
    );
  }
  return bytes;
}

/** Whether a base64url user handle from an assertion names `userId`. */
export function isUserHandleOf(handle: string, userId: string): boolean {
  return handle.replace(/=+$/, "") === base64url.encode(utf8.encode(userId));
}
