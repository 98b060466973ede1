import { describe } from "../errors/describe.ts";
import type { RequestContext } from "../http/request-context.ts";
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
  const failed = (cause: string) => logger.error("EventHandlerFailed", { event: name, cause });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // `Promise.resolve().then`: a handler that throws at once is caught as a rejection.
    const running = Promise.resolve().then(() => handler(message));
    const timedOut = new Promise<"timed out">((resolve) => {
      timer = setTimeout(resolve, EVENT_HANDLER_TIMEOUT_MS, "timed out");
    });
    if ((await Promise.race([running, timedOut])) === "timed out") {
      failed(`no answer within ${EVENT_HANDLER_TIMEOUT_MS} ms; left running`);
      // Its later failure is still reported, never an unhandled rejection.
      running.catch((error: unknown) => failed(describe(error)));
    }
  } catch (error) {
    failed(describe(error));
  } finally {
    clearTimeout(timer);
  }
}
