// The Worker that workerd runs, bundled by runtimes.ts:
//   POST /check {"password", "node24Hash"}   → HashingCheck (runtime-hashing.ts)
//   POST /time {"count", "inFlight"}         → timeHashing (runtime-hashing.ts), for the bench
import { checkHashing, timeHashing } from "./runtime-hashing.ts";

export default {
  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && pathname === "/check") {
      const { password, node24Hash } = (await request.json()) as { password: string; node24Hash: string };
      return Response.json(await checkHashing(password, node24Hash));
    }
    if (request.method === "POST" && pathname === "/time") {
      const { count, inFlight } = (await request.json()) as { count: number; inFlight: number };
      return Response.json(await timeHashing(count, inFlight));
    }
    return new Response("not found", { status: 404 });
  },
};
