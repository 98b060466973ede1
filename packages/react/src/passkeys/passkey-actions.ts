import type { AuthClientOptions } from "../client/create-auth-client.ts";
import { broadcast } from "../lib/broadcast.ts";
import { endpointOf } from "../lib/endpoint.ts";
import { failureOf, okTrue, okUrl } from "../lib/failure.ts";
import { isRecord } from "../lib/is-record.ts";
import { assignLocation, currentHref } from "../lib/location.ts";
import { createTransport, type Reply } from "../lib/transport.ts";
import { toPasskeyInfo } from "./passkey-info.ts";
import type { PasskeyClient, PasskeyErrorCode, PasskeyFailure, PasskeyInfo } from "./types.ts";
import { ceremonyFailure, type OptionsJSON, type WebAuthnCalls } from "./webauthn-calls.ts";

// The codes the server may answer, for narrowing untrusted input; `satisfies` keeps them equal to the
// union's server part, and a test keeps them in core's catalogue.
export const SERVER_CODES = {
  PasskeyInvalid: 1,
  PasskeyRegistrationFailed: 1,
  PasskeyNotFound: 1,
  ReauthenticationRequired: 1,
  AccountDisabled: 1,
  EmailNotVerified: 1,
  AccessDenied: 1,
  EmailInvalid: 1,
  SessionRequired: 1,
  InvalidBody: 1,
  UnknownAction: 1,
  MissingCSRF: 1,
  RateLimited: 1,
  StorageUnavailable: 1,
} satisfies Record<
  Exclude<
    PasskeyErrorCode,
    | "PasskeyCancelled"
    | "PasskeyUnsupported"
    | "PasskeyAlreadyRegistered"
    | "PasskeyCeremonyFailed"
    | "NetworkError"
    | "Default"
  >,
  1
>;

const failure = (reply: Reply): PasskeyFailure => failureOf<PasskeyErrorCode>(reply, SERVER_CODES);
const cancelled: PasskeyFailure = { ok: false, status: 0, error: "PasskeyCancelled" };

/**
 * Whether the server will keep `name` (core's `passkeyName`): at most 64 characters once whitespace
 * is collapsed, no control or bidi-override characters. Blank is fine: the server names it "Passkey".
 */
function usableName(name: string): boolean {
  return (
    !/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name.replace(/[\t\n\r]/g, " ")) &&
    [...name.replace(/\s+/g, " ").trim()].length <= 64
  );
}

/** The `options` of a ceremony endpoint's answer; null unless it is a 2xx with a challenge. */
function optionsOf(reply: Reply): OptionsJSON | null {
  const options = reply.ok && isRecord(reply.body) ? reply.body.options : null;
  return isRecord(options) && typeof options.challenge === "string" ? options : null;
}

/**
 * The passkey functions on `options`' endpoint with `webauthn` as the browser. Internal: the package
 * passes @simplewebauthn/browser (`createPasskeyClient`), tests a software authenticator.
 */
export function passkeyClientWith(options: AuthClientOptions, webauthn: WebAuthnCalls): PasskeyClient {
  const { navigate = assignLocation } = options;
  const { call, post } = createTransport(endpointOf(options), options.fetch ?? fetch);

  /**
   * One ceremony: the server's options (which set this browser's challenge cookie), then the browser's
   * dialog or autofill. The credential's JSON text, as the answer endpoints take it, or the failure.
   */
  async function ceremony(
    start: "startRegistration" | "startAuthentication",
    requestOptions: () => Promise<Reply>,
    { autofill = false, signal }: { autofill?: boolean; signal?: AbortSignal | undefined } = {},
  ): Promise<string | PasskeyFailure> {
    if (!webauthn.supported() || (autofill && !(await webauthn.autofillSupported()))) {
      return { ok: false, status: 0, error: "PasskeyUnsupported" };
    }
    if (signal?.aborted) return cancelled;
    const reply = await requestOptions();
    const optionsJSON = optionsOf(reply);
    if (!optionsJSON) return failure(reply);
    if (signal?.aborted) return cancelled;
    const abort = () => webauthn.cancelCeremony();
    signal?.addEventListener("abort", abort, { once: true });
    try {
      const credential =
        start === "startRegistration"
          ? await webauthn.startRegistration({ optionsJSON })
          : await webauthn.startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
      return JSON.stringify(credential);
    } catch (error) {
      return ceremonyFailure(error);
    } finally {
      signal?.removeEventListener("abort", abort);
    }
  }

  return {
    async signInWithPasskey({ callbackUrl = currentHref(), autofill, signal, redirect = true } = {}) {
      const response = await ceremony("startAuthentication", () => post("/passkey-options", {}), {
        autofill,
        signal,
      });
      if (typeof response !== "string") return response;
      const reply = await post("/passkey-signin", { response, callbackUrl });
      const url = okUrl(reply);
      if (!url) return failure(reply);
      broadcast("getSession");
      if (redirect) navigate(url);
      return { ok: true, status: reply.status, url };
    },

    async signUpWithPasskey({ email, name, callbackUrl }) {
      const response = await ceremony("startRegistration", () =>
        post("/passkey-signup-options", { email, name }),
      );
      if (typeof response !== "string") return response;
      const reply = await post("/passkey-signup", { response, callbackUrl });
      const url = okUrl(reply);
      if (!url) return failure(reply);
      // Without email verification on the server the new account is signed in at once.
      broadcast("getSession");
      return { ok: true, status: reply.status, url };
    },

    async registerPasskey({ name } = {}) {
      // Checked before the browser makes the passkey: a name the server then refused would leave the
      // new passkey in the person's password manager with no account behind it.
      if (name !== undefined && !usableName(name)) {
        return { ok: false, status: 0, error: "InvalidBody", message: "The passkey name is unusable." };
      }
      const response = await ceremony("startRegistration", () => post("/passkey-register-options", {}));
      if (typeof response !== "string") return response;
      const reply = await post("/passkey-register", { response, name });
      const passkey = reply.ok && isRecord(reply.body) ? toPasskeyInfo(reply.body.passkey) : null;
      return passkey ? { ok: true, status: reply.status, passkey } : failure(reply);
    },

    async listPasskeys() {
      const reply = await call("/passkeys");
      const listed = reply.ok && isRecord(reply.body) ? reply.body.passkeys : null;
      const passkeys = Array.isArray(listed) ? listed.map(toPasskeyInfo) : [null];
      // Fail closed: one entry this client does not understand makes the whole answer one it does not.
      return passkeys.every((passkey) => passkey !== null)
        ? { ok: true, status: reply.status, passkeys: passkeys as PasskeyInfo[] }
        : failure(reply);
    },

    renamePasskey: async (id, name) => {
      const reply = await post("/passkey-rename", { id, name });
      return okTrue(reply) ? { ok: true, status: reply.status } : failure(reply);
    },

    deletePasskey: async (id) => {
      const reply = await post("/passkey-delete", { id });
      return okTrue(reply) ? { ok: true, status: reply.status } : failure(reply);
    },
  };
}
