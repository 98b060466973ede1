import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { passkeyName } from "../passkeys/passkey-name.ts";
import { passkeyUser } from "./lib/passkey-user.ts";
import { passkeyIdField } from "./lib/passkeys.ts";
import type { Services } from "./services.ts";

/**
 * `POST passkey-rename` (JSON) with `id` and `name`, for the signed-in user. Answers `{ ok: true }`;
 * `PasskeyNotFound` (404) when the id is not one of theirs; an unusable name is `InvalidBody`.
 */
export async function passkeyRenameAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const signedIn = await passkeyUser(ctx, services);
  if ("refused" in signedIn) return signedIn.refused;
  const { adapter, user } = signedIn;
  const id = passkeyIdField(ctx);
  const name = passkeyName(ctx.body.name);
  if (name === null) throw new AuthError("InvalidBody", { cause: "the passkey name is unusable" });
  if (!(await callAdapter(adapter, "renamePasskey", user.id, id, name)))
    throw new AuthError("PasskeyNotFound");
  return json({ ok: true });
}
