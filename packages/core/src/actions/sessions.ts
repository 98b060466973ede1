import { callAdapter } from "../adapter/call-adapter.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { sessionInfo } from "../session/session-info.ts";
import { signedInWithRecords } from "./lib/session-list.ts";
import type { Services } from "./services.ts";

/**
 * `GET sessions` (JSON), for the signed-in user: their live sessions on every device, most recently
 * active first, each with when it began and was last active (updated at most once per update age),
 * the client address and browser at sign-in, how they signed in, and which one is this one. Answers
 * `{ sessions }`; the device is for the client to read from `userAgent`. A read: no CSRF token.
 */
export async function sessionsAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { userId, currentId } = await signedInWithRecords(ctx, services);
  const records = await callAdapter(ctx.config.adapter!, "listSessionRecords", userId, new Date(ctx.now));
  return json({ sessions: records.map((record) => sessionInfo(record, currentId)) });
}
