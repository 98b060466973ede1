#!/usr/bin/env node
/**
 * `migrate [--url <url>]`: applies the shipped migrations to DATABASE_URL (or --url) and reports the
 * schema version. Exit 0 when the schema is current, 1 when the database refused, 2 on usage errors.
 * The URL is never printed: it may carry a password.
 */
import { parseArgs } from "node:util";
import { createSqlAdapter } from "../create-sql-adapter.ts";
import { migrate } from "../migrate.ts";
import { isStorageError } from "../storage-error.ts";

const usage = "usage: migrate [--url <postgres://…|sqlite:<path>|<path>>]   (default: $DATABASE_URL)";

function parse(): string {
  try {
    const { values } = parseArgs({
      options: { url: { type: "string" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      console.log(usage);
      process.exit(0);
    }
    const url = values.url ?? process.env.DATABASE_URL;
    if (url === undefined || url.trim() === "")
      throw new Error("no database: pass --url or set DATABASE_URL");
    return url;
  } catch (error) {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}\n${usage}`);
    process.exit(2);
  }
}

const url = parse();
let adapter: ReturnType<typeof createSqlAdapter> | undefined;
try {
  adapter = createSqlAdapter({ url });
  const { applied, version } = await migrate(adapter.db);
  console.log(
    applied.length > 0
      ? `migrate: applied ${applied.join(", ")}; the schema is at version ${version}`
      : `migrate: the schema is already at version ${version}; nothing to do`,
  );
} catch (error) {
  // StorageError messages are value-free; the driver code (SQLSTATE / SQLite result code) says why.
  const code = isStorageError(error) && error.driverCode ? ` [driver code ${error.driverCode}]` : "";
  console.error(`migrate: ${error instanceof Error ? error.message : String(error)}${code}`);
  process.exitCode = 1;
} finally {
  await adapter?.close();
}
