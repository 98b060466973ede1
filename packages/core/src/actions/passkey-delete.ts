import { moveGeneration } from "../accounts/security-generation.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { passkeyUser } from "./lib/passkey-user.ts";
import { passkeyIdField } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/**
 * `POST passkey-delete` (JSON) with `id`, for the signed-in user: the passkey can no longer sign in.
 * Answers `{ ok: true }`; `PasskeyNotFound` (404) when the id is not one of theirs. (The browser or
 * password manager keeps its copy until the person removes it there.)
 */
export async function passkeyDeleteAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const signedIn = await passkeyUser(ctx, services, { recent: true });
  if ("refused" in signedIn) return signedIn.refused;
  const { adapter, user } = signedIn;
  const id = passkeyIdField(ctx);
  if (!(await callAdapter(adapter, "deletePasskey", user.id, id))) throw new AuthError("PasskeyNotFound");
  await moveGeneration(adapter, user.id);
  ctx.config.logger.info?.("PasskeyRemoved", { userId: user.id, passkeyId: id });
  const detail = { passkeyId: id };
  await recordAudit(ctx, { kind: "passkey-removed", actorId: user.id, subjectId: user.id, detail });
  return json({ ok: true });
}
