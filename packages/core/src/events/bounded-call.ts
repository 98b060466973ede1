import { describe } from "../errors/describe.ts";

/**
 * Runs code the app or a module supplies (an event handler, a module's `after` hook) and waits for
 * it at most `ms`. A throw, a rejection or a time-out is handed to `failed` as a cause for the log,
 * never to the caller: such code must not fail, or hang, the request that runs it. Past the time
 * the call is left running, and its later failure is still reported (never an unhandled rejection).
 *
 * @example await callBounded(() => handler(message), 3000, (cause) => logger.error("EventHandlerFailed", { cause }))
 */
export async function callBounded(
  call: () => unknown,
  ms: number,
  failed: (cause: string) => void,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // `Promise.resolve().then`: code that throws at once is caught as a rejection.
    const running = Promise.resolve().then(call);
    const timedOut = new Promise<"timed out">((resolve) => {
      timer = setTimeout(resolve, ms, "timed out");
    });
    if ((await Promise.race([running, timedOut])) === "timed out") {
      failed(`no answer within ${ms} ms; left running`);
      running.catch((error: unknown) => failed(describe(error)));
    }
  } catch (error) {
    failed(describe(error));
  } finally {
    clearTimeout(timer);
  }
}
