import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { startEnrolment, twoFactorUser } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `POST two-factor-enroll` (JSON), for the signed-in user: a new TOTP secret, stored sealed and not
 * yet enabled (restarting an unconfirmed enrolment is fine). Answers `{ secret, uri, qrSvg }` for the
 * authenticator app; `two-factor-confirm` with its first code turns it on. `TwoFactorAlreadyOn` (409)
 * when it is on already: replacing a working secret must go through disabling it, which asks for a code.
 */
export async function twoFactorEnrollAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const signedIn = await twoFactorUser(ctx, services, { recent: true });
  if ("refused" in signedIn) return signedIn.refused;
  const { adapter, userId } = signedIn;
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  const current = await callAdapter(adapter, "getTwoFactor", userId);
  if (current?.enabledAt) throw new AuthError("TwoFactorAlreadyOn");
  return json(await startEnrolment(ctx, adapter, user));
}
