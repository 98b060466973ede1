import { requireRecentSignIn } from "../../accounts/recent-sign-in.ts";
import type { AdapterUser } from "../../adapter/adapter.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import { AuthError } from "../../errors/auth-error.ts";
import type { Outcome } from "../../http/outcome.ts";
import type { RequestContext } from "../../http/request-context.ts";
import type { Services } from "../services.ts";
import { limit } from "./limit.ts";
import { type PasskeyAdapter, passkeySettings } from "./passkeys.ts";

/**
 * The start of every endpoint that manages the signed-in user's passkeys: passkeys configured (else
 * 404), a session (else `SessionRequired`), with `recent` a recent sign-in (else
 * `ReauthenticationRequired`), and the `passkeys` rate limit by client and user.
 */
export async function passkeyUser(
  ctx: RequestContext,
  services: Services,
  options: { recent?: boolean } = {},
): Promise<
  | {
      adapter: PasskeyAdapter;
      user: AdapterUser;
      settings: ReturnType<typeof passkeySettings>["settings"];
      /** This session: its user and record (accounts/guarded-change.ts). */
      current: { userId: string; recordId: string | null };
    }
  | { refused: Outcome }
> {
  const { settings, adapter } = passkeySettings(ctx);
  const current = await services.sessions.current(ctx);
  if (!current) throw new AuthError("SessionRequired");
  const { userId } = current;
  // Adding or removing a way to sign in needs a recent sign-in (account.recentSignInMaxAge).
  if (options.recent) await requireRecentSignIn(ctx, services, current);
  const limited = await limit(ctx, services, "passkeys", userId);
  if (limited) return { refused: limited };
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  return { adapter, user, settings, current };
}
