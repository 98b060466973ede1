import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { requireTwoFactorAdapter } from "./lib/two-factor.ts";
import type { Services } from "./services.ts";

/**
 * `GET two-factor-status` (JSON), for the signed-in user: whether two-factor is on, and how many
 * unused backup codes are left (so an account page can say "2 backup codes left"). Answers
 * `{ enabled, backupCodesLeft }`. A read: no CSRF token, no rate limit.
 */
export async function twoFactorStatusAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const adapter = requireTwoFactorAdapter(ctx);
  const userId = await services.sessions.userId(ctx);
  if (!userId) throw new AuthError("SessionRequired");
  const enabled = (await callAdapter(adapter, "getTwoFactor", userId))?.enabledAt != null;
  const backupCodesLeft =
    enabled && adapter.countBackupCodes ? await callAdapter(adapter, "countBackupCodes", userId) : 0;
  return json({ enabled, backupCodesLeft });
}
