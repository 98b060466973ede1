// Shortcuts on a passkey client for `/api/auth`, created per call: no module-level state.
import { browserWebAuthn } from "./browser-webauthn.ts";
import { createPasskeyClient } from "./create-passkey-client.ts";
import type { PasskeyClient } from "./types.ts";

/**
 * Signs in with a passkey at `/api/auth`: the browser's dialog, or with `autofill` the suggestions of
 * an `<input autocomplete="username webauthn">`; goes to `url` after a sign-in unless `redirect: false`.
 * @example const result = await signInWithPasskey(); if (!result.ok && result.error !== "PasskeyCancelled") show(result.message)
 */
export const signInWithPasskey: PasskeyClient["signInWithPasskey"] = (options) =>
  createPasskeyClient().signInWithPasskey(options);

/**
 * Creates an account with an email address and a passkey, no password, at `/api/auth`.
 * @example const result = await signUpWithPasskey({ email }); if (result.ok) show("Check your email")
 */
export const signUpWithPasskey: PasskeyClient["signUpWithPasskey"] = (input) =>
  createPasskeyClient().signUpWithPasskey(input);

/**
 * Adds a passkey to the signed-in user's account at `/api/auth`.
 * @example const result = await registerPasskey({ name: "Work laptop" })
 */
export const registerPasskey: PasskeyClient["registerPasskey"] = (input) =>
  createPasskeyClient().registerPasskey(input);

/**
 * Lists the signed-in user's passkeys at `/api/auth`, oldest first.
 * @example const result = await listPasskeys(); if (result.ok) show(result.passkeys)
 */
export const listPasskeys: PasskeyClient["listPasskeys"] = () => createPasskeyClient().listPasskeys();

/**
 * Renames one of the signed-in user's passkeys at `/api/auth`.
 * @example await renamePasskey(passkey.id, "Phone")
 */
export const renamePasskey: PasskeyClient["renamePasskey"] = (id, name) =>
  createPasskeyClient().renamePasskey(id, name);

/**
 * Removes one of the signed-in user's passkeys at `/api/auth`; the person's passkey manager keeps its
 * copy until they remove it there, but it no longer signs in.
 * @example await deletePasskey(passkey.id)
 */
export const deletePasskey: PasskeyClient["deletePasskey"] = (id) => createPasskeyClient().deletePasskey(id);

/**
 * Whether this browser can use passkeys at all (WebAuthn); false during server rendering.
 * @example {passkeysSupported() && <button onClick={() => signInWithPasskey()}>Sign in with a passkey</button>}
 */
export const passkeysSupported = (): boolean => browserWebAuthn.supported();

/**
 * Whether this browser offers passkeys in a field's autofill (`signInWithPasskey({ autofill: true })`).
 * @example if (await passkeyAutofillSupported()) signInWithPasskey({ autofill: true, signal })
 */
export const passkeyAutofillSupported = (): Promise<boolean> => browserWebAuthn.autofillSupported();
