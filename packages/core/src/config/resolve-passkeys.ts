import type { Adapter } from "../adapter/adapter.ts";
import { ConfigError } from "../errors/config-error.ts";
import { isWebAuthnCeremonies, type WebAuthnCeremonies } from "../passkeys/ceremonies.ts";
import { type RelyingParty, resolveRelyingParty } from "../passkeys/relying-party.ts";
import type { PasswordMail } from "../providers/password.ts";
import type { PasskeyOptions } from "./options.ts";
import type { PasswordSettings } from "./resolve-password.ts";

/** Passkeys as resolved at start-up. */
export interface PasskeySettings {
  rp: RelyingParty;
  /** The WebAuthn ceremonies (`@gatehouse/passkeys`'s `webAuthn()`). */
  webAuthn: WebAuthnCeremonies;
  /** Passkey-only sign-up (an email and a passkey) is offered. */
  signUp: boolean;
  /** A passkey-only account's address is confirmed by link before the account can sign in. */
  requireEmailVerification: boolean;
  /** Seconds a verification link lives. */
  verifyMaxAge: number;
  /** Sends passkey sign-up's mails (verification link, "this address has an account"). */
  sendMail(mail: PasswordMail): Promise<void>;
}

/** What the passkey endpoints call on storage. */
const NEEDED = [
  "getUser",
  "getUserByEmail",
  "createPasskey",
  "getPasskey",
  "listPasskeys",
  "usePasskey",
  "renamePasskey",
  "deletePasskey",
  // Adding or removing one moves the user's security generation on (docs/account.md).
  "bumpSecurityGeneration",
] as const;

/** What passkey-only sign-up needs on top (the verification link included). */
const NEEDED_FOR_SIGN_UP = [
  "createUserWithPasskey",
  "updateUser",
  "createVerificationToken",
  "useVerificationToken",
  // An account made with a passkey and an unproven address is claimed when its owner proves it.
  "claimUnverifiedUser",
] as const;

const VERIFY_MAX_AGE_S = 24 * 60 * 60;

/**
 * Checks the `passkeys` option at start-up: null when passkeys are off; otherwise the relying party
 * (checked against the public URL, `resolveRelyingParty`), storage with every passkey method, and
 * for sign-up a way to send mail — `passkeys.sendMail`, else the Password provider's.
 */
export function resolvePasskeys(
  options: PasskeyOptions | false | undefined,
  context: { publicUrl: string | null; adapter: Adapter | null; password: PasswordSettings | null },
): PasskeySettings | null {
  if (options === undefined || options === false) return null;
  const install =
    'npm install @gatehouse/passkeys, then passkeys: { webAuthn: webAuthn() } with import { webAuthn } from "@gatehouse/passkeys"';
  if (typeof options !== "object" || options === null) {
    throw new ConfigError(
      `Gatehouse: passkeys must be an object of passkey settings with the WebAuthn ceremonies, or false. The ceremonies ship in their own package: ${install}.`,
    );
  }
  const given: PasskeyOptions = options;
  if (!isWebAuthnCeremonies(given.webAuthn)) {
    throw new ConfigError(
      `Gatehouse: passkeys.webAuthn must be the WebAuthn ceremonies, which ship in their own package (core loads no WebAuthn library): ${install}.`,
    );
  }
  const { adapter } = context;
  const missing = adapter ? NEEDED.filter((method) => typeof adapter[method] !== "function") : [...NEEDED];
  if (!adapter || missing.length > 0) {
    throw new ConfigError(
      `Gatehouse: passkeys need an adapter that stores them (@gatehouse/sql, or createMemoryAdapter() for tests)${adapter ? `; this one lacks ${missing.join(", ")}` : ""}.`,
    );
  }
  const rp = resolveRelyingParty(
    {
      ...(given.rpId !== undefined ? { rpId: given.rpId } : {}),
      ...(given.rpName !== undefined ? { rpName: given.rpName } : {}),
      ...(given.origins !== undefined ? { origins: given.origins } : {}),
    },
    context.publicUrl,
  );
  const signUp = given.signUp ?? true;
  const requireEmailVerification = given.requireEmailVerification ?? true;
  const sendMail = given.sendMail ?? context.password?.provider.sendMail;
  if (signUp) {
    const lacking = NEEDED_FOR_SIGN_UP.filter((method) => typeof adapter[method] !== "function");
    if (lacking.length > 0) {
      throw new ConfigError(
        `Gatehouse: passkey sign-up needs an adapter with ${lacking.join(", ")}. Use @gatehouse/sql, or set passkeys.signUp to false.`,
      );
    }
    if (typeof sendMail !== "function") {
      throw new ConfigError(
        "Gatehouse: passkey sign-up sends a verification link: set passkeys.sendMail (e.g. passwordMailer() from @gatehouse/smtp) or add a Password provider, or set passkeys.signUp to false.",
      );
    }
  }
  return {
    rp,
    webAuthn: given.webAuthn,
    signUp,
    requireEmailVerification,
    verifyMaxAge: VERIFY_MAX_AGE_S,
    sendMail: async (mail) => {
      if (typeof sendMail !== "function") throw new Error("passkeys.sendMail is not set");
      await sendMail(mail);
    },
  };
}
