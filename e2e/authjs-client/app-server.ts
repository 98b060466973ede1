// The app of the Auth.js client tests: one node:http server on localhost that serves a bundled page
// (every path outside the auth endpoint) and Gatehouse at /api/auth, on the memory adapter.
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createMemoryAdapter,
  type Gatehouse,
  type GatehouseOptions,
  gatehouse,
  type MemoryAdapter,
} from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/node";

export const SECRET = "an-e2e-secret-that-is-long-enough-0123456789";

export interface ClientApp {
  /** The app's origin, `http://localhost:<port>` (a secure context, as WebAuthn needs). */
  url: string;
  auth: Gatehouse;
  adapter: MemoryAdapter;
  /** What Gatehouse logged, to print when a test fails. */
  log: string[];
  close(): Promise<void>;
}

/**
 * Starts the app: `script` (an ES module) is the page's, `options` configure Gatehouse (its `url`,
 * secret, adapter and logger are set here).
 */
export async function startClientApp(
  script: string,
  options: Omit<GatehouseOptions, "secret" | "url" | "adapter" | "logger">,
): Promise<ClientApp> {
  // Listen first: Gatehouse's URL names the port.
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const url = `http://localhost:${(server.address() as AddressInfo).port}`;
  const log: string[] = [];
  const record = (level: string) => (code: string, detail?: unknown) =>
    log.push(`${level} ${code} ${JSON.stringify(detail ?? "")}`);
  const adapter = createMemoryAdapter();
  const auth = gatehouse({
    ...options,
    secret: SECRET,
    url: `${url}/api/auth`,
    adapter,
    logger: { error: record("error"), warn: record("warn") },
  });
  const handle = toNodeHandler(auth);
  const html =
    '<!DOCTYPE html><html lang="en"><title>App</title><main id="root"></main><script type="module" src="/app.js"></script></html>';
  server.on("request", (req, res) =>
    handle(req, res, () => {
      const isScript = req.url === "/app.js";
      res.writeHead(200, {
        "content-type": isScript ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8",
      });
      res.end(isScript ? script : html);
    }),
  );
  return {
    url,
    auth,
    adapter,
    log,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
