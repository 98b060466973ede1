import { ConfigError } from "@gatehouse/core";
import { createPostgresAdapter } from "./postgres/create-postgres-adapter.ts";
import type { PostgresAdapterOptions } from "./postgres/postgres-options.ts";
import type { SqlAdapter } from "./sql-adapter.ts";
import { createSqliteAdapter } from "./sqlite/create-sqlite-adapter.ts";

export type SqlTarget = { dialect: "postgres"; url: string } | { dialect: "sqlite"; path: string };

/**
 * Which database a URL names: `postgres://…` / `postgresql://…`, or SQLite as `sqlite:<path>`,
 * `sqlite::memory:`, `:memory:` or a bare file path. Any other `scheme://` is a configuration error.
 */
export function parseDatabaseUrl(url: string): SqlTarget {
  const trimmed = url.trim();
  if (trimmed === "")
    throw new ConfigError("Gatehouse storage: the database URL is empty (set DATABASE_URL)");
  if (/^postgres(ql)?:\/\//i.test(trimmed)) return { dialect: "postgres", url: trimmed };
  if (/^sqlite:/i.test(trimmed)) {
    // sqlite:relative.db, sqlite:/abs.db and sqlite:///abs.db (the URL-ish spelling) all work.
    const path = trimmed.slice("sqlite:".length).replace(/^\/\/(?=\/)/, "");
    if (path === "")
      throw new ConfigError("Gatehouse storage: `sqlite:` needs a file path, e.g. sqlite:.data/gatehouse.db");
    return { dialect: "sqlite", path };
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(trimmed)?.[1];
  if (scheme !== undefined) {
    throw new ConfigError(
      `Gatehouse storage: unsupported database URL scheme "${scheme}:" (use postgres://…, sqlite:<path> or a file path)`,
    );
  }
  return { dialect: "sqlite", path: trimmed };
}

/**
 * The SQL adapter for a database URL; `postgres` holds the PostgreSQL time-outs (ignored for SQLite).
 *
 * @example const adapter = createSqlAdapter({ url: process.env.DATABASE_URL ?? "sqlite:.data/gatehouse.db" })
 */
export function createSqlAdapter(options: { url: string; postgres?: PostgresAdapterOptions }): SqlAdapter {
  const target = parseDatabaseUrl(options.url);
  return target.dialect === "postgres"
    ? createPostgresAdapter(target.url, options.postgres)
    : createSqliteAdapter(target.path);
}
