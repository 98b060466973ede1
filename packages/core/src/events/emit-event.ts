import type { RequestContext } from "../http/request-context.ts";
import { callBounded } from "./bounded-call.ts";
import type { EventMessages, EventName } from "./events.ts";

/**
 * How long a request waits for one event handler. Auth.js waits for ever; a handler that hangs (a
 * webhook to a SIEM that is down) would then hang every sign-in. Past this the request goes on and
 * the handler is left to finish on its own.
 */
export const EVENT_HANDLER_TIMEOUT_MS = 3000;

/**
 * Calls the app's handler for `name`, if it configured one, and waits for it (at most
 * `EVENT_HANDLER_TIMEOUT_MS`). A handler that throws, rejects or is too slow is logged
 * (`EventHandlerFailed`, with the event's name) and never fails the request.
 *
 * On a hot path, test for the handler first, so a request pays nothing when there is none:
 *
 * @example if (ctx.config.events.session) await emitEvent(ctx, "session", { session, token })
 */
export async function emitEvent<Name extends EventName>(
  ctx: RequestContext,
  name: Name,
  message: EventMessages[Name],
): Promise<void> {
  const handler = ctx.config.events[name];
  if (!handler) return;
  const { logger } = ctx.config;
  await callBounded(
    () => handler(message),
    EVENT_HANDLER_TIMEOUT_MS,
    (cause) => logger.error("EventHandlerFailed", { event: name, cause }),
  );
}
