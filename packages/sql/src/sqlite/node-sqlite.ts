import type * as NodeSqlite from "node:sqlite";
import { ConfigError } from "@gatehouse/core";

/**
 * `node:sqlite`, loaded when a SQLite adapter is created rather than when the package is imported,
 * so that PostgreSQL users can import `@gatehouse/sql` on any Node and SQLite users on an old one
 * get a message that says what to do instead of a failed import. The adapter needs
 * `StatementSync.columns()` and `DatabaseSync.isTransaction`, both new in Node 22.16 (and 23.11);
 * Node 22.13 to 22.15 has node:sqlite without them, older Node has it only behind a flag.
 */
export function loadNodeSqlite(): typeof NodeSqlite {
  return checkNodeSqlite(process.getBuiltinModule?.("node:sqlite"), process.version);
}

/** The module if it has what the adapter uses; else the ConfigError that names the fix. */
export function checkNodeSqlite(module: unknown, nodeVersion: string): typeof NodeSqlite {
  const sqlite = module as Partial<typeof NodeSqlite> | undefined;
  if (typeof sqlite?.StatementSync?.prototype.columns !== "function") {
    throw new ConfigError(
      `Gatehouse storage: SQLite needs Node.js 22.16 or later (node:sqlite with StatementSync.columns); this is Node.js ${nodeVersion}. Upgrade Node.js, or use PostgreSQL (postgres://…).`,
    );
  }
  return sqlite as typeof NodeSqlite;
}
