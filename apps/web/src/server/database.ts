import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { ConfigError } from "@gatehouse/core";
import {
  assertSchema,
  createSqlAdapter,
  isStorageError,
  migrate,
  type PostgresAdapterOptions,
  parseDatabaseUrl,
  type SqlAdapter,
  type SqlTarget,
} from "@gatehouse/sql";

export interface OpenDatabaseOptions {
  /** `DATABASE_URL` (see `databaseUrlFrom`). */
  url: string;
  /**
   * `migrate`: apply the shipped migrations first (development, and the `migrate` command).
   * `check`: only verify the schema version (production: schema changes are a deliberate step).
   */
  schema: "migrate" | "check";
  /** PostgreSQL's time-outs (`databaseTimeoutsFrom`); unused by SQLite. */
  postgres?: PostgresAdapterOptions;
  log: (line: string) => void;
}

/**
 * Opens the app's database and makes sure its schema is the one this Gatehouse knows. Throws a
 * `ConfigError` that says what to do when it is missing, unknown, older or newer, or when the
 * database cannot be reached; the URL itself is never printed (it may hold a password).
 *
 * @example const adapter = await openDatabase({ url: settings.databaseUrl, schema: "migrate", log });
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<SqlAdapter> {
  const target = parseDatabaseUrl(options.url);
  const where = describeTarget(target);
  if (target.dialect === "sqlite" && !inMemory(target.path)) {
    if (options.schema === "check" && !existsSync(target.path)) {
      // Opening would create an empty file, only to refuse it: say what is missing instead.
      throw new ConfigError(
        `Gatehouse web app: there is no database at ${resolve(target.path)}. Run \`npm run migrate\` to create it, or set DATABASE_URL.`,
      );
    }
    await mkdir(dirname(target.path), { recursive: true });
  }

  let adapter: SqlAdapter;
  try {
    adapter = createSqlAdapter({ url: options.url, postgres: options.postgres ?? {} });
  } catch (error) {
    throw refusal(error, where);
  }
  try {
    if (options.schema === "migrate") {
      const { applied, version } = await migrate(adapter.db);
      const what =
        applied.length > 0
          ? `applied ${applied.join(", ")}; schema version ${version}`
          : `schema version ${version}, up to date`;
      options.log(`database: ${where} (${what})`);
    } else {
      await assertSchema(adapter.db);
      options.log(`database: ${where}`);
    }
  } catch (error) {
    await adapter.close().catch(() => {});
    throw refusal(error, where);
  }
  return adapter;
}

/** `SQLite file /abs/path.db` or `PostgreSQL at host:5432/db`: where, without credentials. */
export function describeTarget(target: SqlTarget): string {
  if (target.dialect === "sqlite") {
    return inMemory(target.path) ? "SQLite in memory" : `SQLite file ${resolve(target.path)}`;
  }
  try {
    const url = new URL(target.url);
    return `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "PostgreSQL";
  }
}

function inMemory(path: string): boolean {
  return path === ":memory:";
}

// Storage errors carry fixed, value-free messages (and the schema ones say what to run); they become
// a ConfigError with the web app's prefix, so main.ts prints them as a configuration problem, without
// a stack trace.
function refusal(error: unknown, where: string): unknown {
  if (!isStorageError(error)) return error;
  const words = sqliteReason(error.driverCode);
  const code = error.driverCode ? ` [driver code ${error.driverCode}${words ? `: ${words}` : ""}]` : "";
  return new ConfigError(`Gatehouse web app: cannot use the database (${where}). ${error.message}${code}`, {
    cause: error,
  });
}

// SQLite's primary result codes a start meets, in words (the driver code is the extended one; its
// low byte is the primary). WAL mode writes `<file>-wal` and `<file>-shm` beside the file, so the
// folder must be writable too.
const SQLITE_REASONS: Record<number, string> = {
  5: "the file is locked by another process",
  8: "the file or its folder is read-only",
  13: "the disk is full",
  14: "cannot open the file (a folder, or no permission to the file or its folder)",
  26: "the file is not a SQLite database",
};

function sqliteReason(driverCode: string | undefined): string | undefined {
  // SQLSTATEs have five characters; SQLite's extended result codes are numbers below 10000.
  return driverCode !== undefined && /^\d{1,4}$/.test(driverCode)
    ? SQLITE_REASONS[Number(driverCode) & 0xff]
    : undefined;
}
