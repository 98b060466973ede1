import { after } from "node:test";

/** Storage a suite runs on: its adapter, and how to let go of it. */
export interface OpenedStorage<A> {
  adapter: A;
  close(): Promise<void>;
}

/**
 * Fresh storage from `open` at each call, every one closed when the enclosing `describe` ends
 * (call it inside one: it registers the `after` hook there).
 *
 * @example
 * describe(label, () => {
 *   const storage = freshStorage(open);
 *   test("…", async () => { const adapter = await storage(); });
 * });
 */
export function freshStorage<A>(open: () => Promise<OpenedStorage<A>>): () => Promise<A> {
  const opened: OpenedStorage<A>[] = [];
  after(async () => {
    for (const db of opened) await db.close();
  });
  return async () => {
    const db = await open();
    opened.push(db);
    return db.adapter;
  };
}
