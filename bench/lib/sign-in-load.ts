import { percentile } from "./stats.ts";

/** One round of sign-ins under load. */
export interface SignInRound {
  signInsPerSecond: number;
  /** Latency of one whole sign-in, as the browser making it sees it. */
  p50Ms: number;
  p99Ms: number;
  signIns: number;
}

/**
 * Keeps `concurrency` sign-ins in flight until `seconds` have passed (or `maxSignIns` have started):
 * each worker starts the next as soon as its last one is answered, as wrk's connections do. Every
 * sign-in must succeed with a session no earlier one got; otherwise it throws, since a round that
 * reuses sessions or counts refusals would not measure sign-ins.
 */
export async function runSignInLoad(options: {
  signIn: () => Promise<{ session: string }>;
  concurrency: number;
  seconds: number;
  maxSignIns?: number;
}): Promise<SignInRound> {
  const { concurrency, seconds, signIn } = options;
  const maxSignIns = options.maxSignIns ?? Number.POSITIVE_INFINITY;
  const latencies: number[] = [];
  const sessions = new Set<string>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let begun = 0;
  let finished = started;
  const worker = async () => {
    while (performance.now() < deadline && begun < maxSignIns) {
      begun++;
      const t0 = performance.now();
      const { session } = await signIn();
      finished = performance.now();
      latencies.push(finished - t0);
      sessions.add(session);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (latencies.length === 0) throw new Error("no sign-in finished");
  if (sessions.size !== latencies.length) {
    throw new Error(`${latencies.length} sign-ins gave only ${sessions.size} distinct sessions`);
  }
  return {
    signInsPerSecond: (latencies.length * 1000) / (finished - started),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    signIns: latencies.length,
  };
}
