import type { PasswordSettings } from "../../config/resolve-password.ts";
import { AuthError } from "../../errors/auth-error.ts";
import type { RequestContext } from "../../http/request-context.ts";

/** The Password provider's settings; without one, its endpoints do not exist (404 `UnknownAction`). */
export function passwordSettings(ctx: RequestContext): PasswordSettings {
  const settings = ctx.config.password;
  if (!settings) throw new AuthError("UnknownAction", { cause: "no Password provider is configured" });
  return settings;
}

/** A form field as a string ("" when absent). */
export function field(ctx: RequestContext, name: string): string {
  const value = ctx.body[name];
  return typeof value === "string" ? value : "";
}

/**
 * For the address verification endpoints (`verify-email`): they exist when an account can be made
 * that needs its address confirmed — a Password provider, or passkey-only sign-up.
 */
export function requireAccountSignUp(ctx: RequestContext): void {
  if (ctx.config.password || ctx.config.passkeys?.signUp) return;
  throw new AuthError("UnknownAction", {
    cause: "neither a Password provider nor passkey sign-up is configured",
  });
}
