import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { passkeyInfo, passkeySettings } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/**
 * `GET passkeys` (JSON), for the signed-in user: their passkeys, oldest first, as the account
 * console shows them (name, created, last used, synced or not) — never a public key. Answers
 * `{ passkeys }`. A read: no rate limit, no CSRF token (the answer is readable by this origin only).
 */
export async function passkeysAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter } = passkeySettings(ctx);
  const userId = await services.sessions.userId(ctx);
  if (!userId) throw new AuthError("SessionRequired");
  const passkeys = await callAdapter(adapter, "listPasskeys", userId);
  return json({ passkeys: passkeys.map(passkeyInfo) });
}
