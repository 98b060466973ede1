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
 * 404), a session (else `SessionRequired`), and the `passkeys` rate limit by client and user.
 */
export async function passkeyUser(
  ctx: RequestContext,
  services: Services,
): Promise<
  | { adapter: PasskeyAdapter; user: AdapterUser; settings: ReturnType<typeof passkeySettings>["settings"] }
  | { refused: Outcome }
> {
  const { settings, adapter } = passkeySettings(ctx);
  const userId = await services.sessions.userId(ctx);
  if (!userId) throw new AuthError("SessionRequired");
  const limited = await limit(ctx, services, "passkeys", userId);
  if (limited) return { refused: limited };
  const user = await callAdapter(adapter, "getUser", userId);
  if (!user) throw new AuthError("SessionRequired");
  return { adapter, user, settings };
}
