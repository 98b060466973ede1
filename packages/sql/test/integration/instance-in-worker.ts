import { Worker } from "node:worker_threads";
import type { RateLimitStore } from "@gatehouse/core";
import type { SqlAdapter } from "../../src/sql-adapter.ts";

/** The calls a test makes on an instance in another thread. */
export interface WorkerInstance {
  createUserWithPassword: SqlAdapter["createUserWithPassword"];
  createUserWithPasskey: SqlAdapter["createUserWithPasskey"];
  setSessionsValidAfter: SqlAdapter["setSessionsValidAfter"];
  usePasskey: SqlAdapter["usePasskey"];
  useTotpStep: SqlAdapter["useTotpStep"];
  useBackupCode: SqlAdapter["useBackupCode"];
  replaceBackupCodes: SqlAdapter["replaceBackupCodes"];
  rateLimits: Pick<RateLimitStore, "hit">;
  close(): Promise<void>;
}

type Method =
  | "createUserWithPassword"
  | "createUserWithPasskey"
  | "setSessionsValidAfter"
  | "usePasskey"
  | "useTotpStep"
  | "useBackupCode"
  | "replaceBackupCodes"
  | "hit"
  | "close";
export type InstanceCall = { id: number; method: Method; args: unknown[] };
export type InstanceReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; code: string | undefined; message: string };

/**
 * An adapter on the database at `url` in a worker thread: another app instance, with its own
 * connection. For SQLite this is what makes two instances real: `node:sqlite` waits for a lock
 * synchronously (busy_timeout), so a second handle in the *same* thread would stall the thread that
 * holds the lock, and neither could proceed. Errors come back with their `code`.
 */
export async function openInWorker(url: string): Promise<WorkerInstance> {
  const worker = new Worker(new URL("./instance-worker.ts", import.meta.url), { workerData: { url } });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let next = 0;
  worker.on("message", (reply: InstanceReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(Object.assign(new Error(reply.message), { code: reply.code }));
  });
  worker.on("error", (error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  });
  await new Promise((resolve) => worker.once("online", resolve));

  const call = <T>(method: Method, ...args: unknown[]): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args } satisfies InstanceCall);
    });

  return {
    createUserWithPassword: (user, hash) => call("createUserWithPassword", user, hash),
    createUserWithPasskey: (user, passkey) => call("createUserWithPasskey", user, passkey),
    setSessionsValidAfter: (userId, at) => call("setSessionsValidAfter", userId, at),
    usePasskey: (id, counter, usedAt) => call("usePasskey", id, counter, usedAt),
    useTotpStep: (userId, step) => call("useTotpStep", userId, step),
    useBackupCode: (userId, codeHash) => call("useBackupCode", userId, codeHash),
    replaceBackupCodes: (userId, codeHashes) => call("replaceBackupCodes", userId, codeHashes),
    rateLimits: { hit: (key, options) => call("hit", key, options) },
    async close() {
      await call("close");
      await worker.terminate();
    },
  };
}
