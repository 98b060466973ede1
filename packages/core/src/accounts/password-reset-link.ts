import type { Adapter } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { ConfigError } from "../errors/config-error.ts";
import { normalizeEmail } from "../providers/email-address.ts";
import { createAccountLink } from "./account-links.ts";

/** What `createPasswordResetLink` needs. */
export interface PasswordResetLinkOptions {
  /** Storage with the user and the verification tokens (`@gatehouse/sql`). */
  adapter: Adapter;
  /** The auth endpoint's public URL, e.g. `https://app.example.com/api/auth` (`AUTH_URL`). */
  url: string;
  email: string;
  /** Seconds; default 1 hour, as the Password provider's `resetMaxAge`. */
  maxAge?: number;
  /** Where the person goes after signing in with the new password; default the site's root. */
  callbackUrl?: string;
  /** Injected for tests: ms since the epoch. */
  now?: number;
}

/**
 * A password reset link for a user, made outside a request — for an operator (`gatehouse users
 * reset-link`) or an admin page to hand over, instead of the person asking for one by mail. The
 * same single-use, hashed, expiring token as a mailed link; it works with the Password provider's
 * reset page. Like every reset link it belongs to the user who has the address now, at their present
 * security generation: a password change, a recovery or an email change voids it, and it never
 * sets the password of whoever has the address later. Null when no user has the address. Misuse (a
 * malformed URL or address) throws `ConfigError`.
 *
 * @example
 * const link = await createPasswordResetLink({ adapter, url: process.env.AUTH_URL!, email: "ada@example.com" });
 */
export async function createPasswordResetLink(
  options: PasswordResetLinkOptions,
): Promise<{ url: string; expires: Date } | null> {
  const email = normalizeEmail(options.email);
  if (!email)
    throw new ConfigError(
      `createPasswordResetLink: ${JSON.stringify(options.email)} is not an email address.`,
    );
  let base: URL;
  try {
    base = new URL(options.url);
  } catch {
    throw new ConfigError(
      `createPasswordResetLink: url ${JSON.stringify(options.url)} is not a URL (AUTH_URL, e.g. https://app.example.com/api/auth).`,
    );
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") {
    throw new ConfigError("createPasswordResetLink: url must be an http(s) URL.");
  }
  const maxAge = options.maxAge ?? 60 * 60;
  if (!Number.isSafeInteger(maxAge) || maxAge < 60) {
    throw new ConfigError("createPasswordResetLink: maxAge must be whole seconds, at least 60.");
  }
  const user = await callAdapter(options.adapter, "getUserByEmail", email);
  if (!user) return null;
  const baseUrl = base.href.replace(/\/+$/, "");
  return createAccountLink(
    options.adapter,
    { purpose: "reset-password", user, email, maxAge, callbackUrl: options.callbackUrl ?? `${base.origin}/` },
    { baseUrl, now: options.now ?? Date.now() },
  );
}
