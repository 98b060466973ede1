import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { openDatabase } from "../database.ts";

/** A migrated SQLite file in `dir` (as `npm run migrate` leaves it), then `change` applied by hand. */
export async function migratedSqlite(dir: string, name: string, change?: string): Promise<string> {
  const path = join(dir, name);
  const adapter = await openDatabase({ url: `sqlite:${path}`, schema: "migrate", log: () => {} });
  await adapter.close();
  if (change) {
    const db = new DatabaseSync(path);
    db.exec(change);
    db.close();
  }
  return path;
}
