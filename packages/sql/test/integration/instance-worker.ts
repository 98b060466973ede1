/**
 * The body of `openInWorker`: one adapter on the database at `workerData.url`, in a thread of its
 * own, answering the calls the main thread posts. Not a test file.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createSqlAdapter } from "../../src/create-sql-adapter.ts";
import type { InstanceCall, InstanceReply } from "./instance-in-worker.ts";

const port = parentPort;
if (port === null) throw new Error("instance-worker.ts runs as a worker thread");
const adapter = createSqlAdapter({ url: (workerData as { url: string }).url });

port.on("message", async ({ id, method, args }: InstanceCall) => {
  let reply: InstanceReply;
  try {
    const value =
      method === "hit"
        ? await adapter.rateLimits.hit(...(args as Parameters<typeof adapter.rateLimits.hit>))
        : await (adapter[method] as (...a: unknown[]) => Promise<unknown>)(...args);
    reply = { id, ok: true, value };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    reply = { id, ok: false, code: typeof code === "string" ? code : undefined, message: String(error) };
  }
  port.postMessage(reply);
  if (method === "close") port.close();
});
