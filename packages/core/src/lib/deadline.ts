/**
 * Runs `work` and settles with it, or rejects once `ms` have passed without an answer. Core waits on
 * code it does not control (an app's mail sender, a server behind it); a sender that never settles
 * must not hold a person's request, or a connection, for ever. The work itself cannot be stopped: it
 * is left to finish, and a failure after the deadline goes to `late` (never an unhandled rejection).
 * The deadline's rejection is an Error named `TimeoutError` (as `AbortSignal.timeout`'s).
 *
 * @example await withDeadline(() => provider.sendVerificationRequest(request), 10_000, (error) => log(error))
 */
export async function withDeadline<T>(
  work: () => Promise<T> | T,
  ms: number,
  late: (error: unknown) => void,
): Promise<T> {
  // `Promise.resolve().then`: work that throws at once is a rejection like any other.
  const running = Promise.resolve().then(work);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(timeoutError(ms));
    }, ms);
  });
  running.catch((error: unknown) => {
    if (timedOut) late(error);
  });
  try {
    return await Promise.race([running, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether `error` is `withDeadline`'s own: the work did not answer in time. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === "TimeoutError";
}

function timeoutError(ms: number): Error {
  const error = new Error(`no answer within ${ms} ms`);
  error.name = "TimeoutError";
  return error;
}
