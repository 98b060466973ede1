import type { AuthClientOptions } from "../client/create-auth-client.ts";
import { browserWebAuthn } from "./browser-webauthn.ts";
import { passkeyClientWith } from "./passkey-actions.ts";
import type { PasskeyClient } from "./types.ts";

/**
 * Creates the passkey functions for an endpoint (the options of `createAuthClient`).
 * @example const { signInWithPasskey } = createPasskeyClient({ basePath: "/auth" });
 */
export function createPasskeyClient(options: AuthClientOptions = {}): PasskeyClient {
  return passkeyClientWith(options, browserWebAuthn);
}
