import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { accountUser } from "./lib/account-user.ts";
import { limit } from "./lib/limit.ts";
import type { Services } from "./services.ts";

/** Names longer than this are refused: a display name, not a document. */
const NAME_LIMIT = 200;
const IMAGE_LIMIT = 2048;

/**
 * `POST account-update` (JSON) with `name` and/or `image` (an https URL, or "" to remove it), for
 * the signed-in user. Answers `{ user }`; an unusable value is `InvalidBody`. The session shows the
 * new profile at its next renewal (jwt) or read (database).
 */
export async function accountUpdateAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { user } = await accountUser(ctx, services);
  const limited = await limit(ctx, services, "accountUpdate", user.id);
  if (limited) return limited;
  const change: { id: string; name?: string | null; image?: string | null } = { id: user.id };
  if (ctx.body.name !== undefined) change.name = checkName(ctx.body.name);
  if (ctx.body.image !== undefined) change.image = checkImage(ctx.body.image);
  const updated = await callAdapter(ctx.config.adapter!, "updateUser", change);
  return json({
    user: { id: updated.id, email: updated.email, name: updated.name ?? null, image: updated.image ?? null },
  });
}

function checkName(value: string): string | null {
  const name = value.replace(/\s+/g, " ").trim();
  if ([...name].length > NAME_LIMIT || /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u.test(name)) {
    throw new AuthError("InvalidBody", {
      cause: `the name must be at most ${NAME_LIMIT} characters of text`,
    });
  }
  return name === "" ? null : name;
}

function checkImage(value: string): string | null {
  if (value === "") return null;
  const url = URL.parse(value);
  if (url?.protocol !== "https:" || value.length > IMAGE_LIMIT || url.username || url.password) {
    throw new AuthError("InvalidBody", { cause: "the picture must be an https URL" });
  }
  return url.href;
}
