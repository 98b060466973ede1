import { createServer } from "node:net";
import { Credentials, gatehouse } from "@gatehouse/core";
import { Redis } from "ioredis";
import { TestBrowser } from "./packages/core/test/browser.ts";
import { createRedisRateLimitStore } from "./packages/redis/src/redis-rate-limit-store.ts";
const hole = createServer(() => {}); await new Promise<void>((r) => hole.listen(0, "127.0.0.1", r));
const holePort = (hole.address() as { port: number }).port;
const closed = createServer(); await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
const closedPort = (closed.address() as { port: number }).port; await new Promise((r) => closed.close(r));
for (const [name, port, opts] of [["closed port, ioredis defaults", closedPort, {}], ["blackhole, ioredis defaults", holePort, {}], ["blackhole, README options", holePort, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500 }]] as const) {
  const redis = new Redis({ host: "127.0.0.1", port, ...opts }); redis.on("error", () => {});
  const lines: string[] = [];
  const auth = gatehouse({ secret: "redis-store-test-secret-0123456789abcdefgh", url: "http://localhost:3000/api/auth",
    providers: [Credentials({ credentials: { name: {} }, authorize: ({ name }) => (name ? { id: name, name } : null) })],
    rateLimit: { store: createRedisRateLimitStore(redis) }, logger: { error: (c, d) => lines.push(`${c} ${JSON.stringify(d)}`), warn() {} } });
  const b = new TestBrowser((r) => auth.handler(r, { clientAddress: "192.0.2.7" }));
  const csrfToken = await b.csrf();
  const t = Date.now();
  const r = await Promise.race([b.request("/api/auth/callback/credentials", { form: { csrfToken, name: "ada" } }), new Promise<null>((res) => setTimeout(res, 60000, null))]);
  console.log(name, r ? r.status : "no answer", `${Date.now() - t} ms`, lines.slice(0, 1));
  redis.disconnect();
}
process.exit(0);
