import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { parseEnv } from "node:util";
import {
  createSqlAdapter,
  isStorageError,
  parseDatabaseUrl,
  readSchemaState,
  SCHEMA_VERSION,
  type SchemaState,
  type SqlAdapter,
} from "@gatehouse/sql";
import { CliError, EXIT } from "../exit-codes.ts";
import type { CommandContext } from "./command.ts";
import { errorCode } from "./error-code.ts";

/**
 * The options every database command takes. Not `--env-file`: Node reads that flag even after the
 * script name and exits 9 ("node: x: not found") before the CLI runs when the file is missing
 * (nodejs/node#54232).
 */
export const DATABASE_OPTIONS = { dotenv: { type: "string" } } as const;

/** Help text for `DATABASE_OPTIONS`, shared by the database commands. */
export const DATABASE_HELP = `  --dotenv    read variables from this file (dotenv format, e.g. the .env init writes) before
              DATABASE_URL is looked up; a variable set in the environment wins over the file

DATABASE_URL is postgres://user:password@host:5432/db or sqlite:<path> (relative to the current
directory). It is never printed, only where the database is.`;

/** The database DATABASE_URL names. */
export interface DatabaseTarget {
  /** What `createSqlAdapter` gets: the URL, with a relative SQLite path made absolute. */
  url: string;
  /** Where, without credentials: `SQLite file /abs/path.db`, `PostgreSQL at host:5432/db`. */
  where: string;
  /** The SQLite file, or null for PostgreSQL and `:memory:`. */
  sqliteFile: string | null;
}

/** A variable from the environment, else from the `--dotenv` file; undefined when neither sets it. */
export async function envVariable(
  context: CommandContext,
  envFile: string | undefined,
  name: string,
): Promise<string | undefined> {
  if (context.env[name] !== undefined) return context.env[name];
  if (envFile === undefined) return undefined;
  return (await readEnvFile(resolve(context.cwd, envFile)))[name];
}

/**
 * Finds DATABASE_URL (the environment, then `--dotenv`) and checks its shape. The CLI takes the two
 * spellings its help names; a bare path, which @gatehouse/sql would read as a SQLite file, is refused
 * here because `migrate up` would create a file wherever a typo points.
 */
export async function databaseTarget(
  context: CommandContext,
  envFile: string | undefined,
): Promise<DatabaseTarget> {
  const fromFile = envFile === undefined ? {} : await readEnvFile(resolve(context.cwd, envFile));
  const url = (context.env.DATABASE_URL ?? fromFile.DATABASE_URL ?? "").trim();
  if (url === "") {
    throw new CliError(
      EXIT.config,
      "DATABASE_URL is not set: set it to postgres://… or sqlite:<path>, or pass --dotenv with a file that sets it.",
    );
  }
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const parsed = URL.parse(url);
    if (parsed === null || parsed.hostname === "") {
      throw new CliError(
        EXIT.config,
        "DATABASE_URL is not a valid postgres:// URL (host, port or escaping).",
      );
    }
    return {
      url,
      where: `PostgreSQL at ${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`,
      sqliteFile: null,
    };
  }
  if (!/^sqlite:/i.test(url)) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
    throw new CliError(
      EXIT.config,
      `DATABASE_URL must be postgres://… or sqlite:<path>${scheme ? `, not ${scheme}:` : " (for a SQLite file, write sqlite:<path>)"}.`,
    );
  }
  let target: ReturnType<typeof parseDatabaseUrl>;
  try {
    target = parseDatabaseUrl(url);
  } catch (error) {
    throw new CliError(EXIT.config, `DATABASE_URL: ${withoutPrefix(error)}`);
  }
  if (target.dialect !== "sqlite") throw new CliError(EXIT.config, "DATABASE_URL: not a SQLite URL.");
  if (target.path === ":memory:") return { url, where: "SQLite in memory", sqliteFile: null };
  const file = resolve(context.cwd, target.path);
  return { url: `sqlite:${file}`, where: `SQLite file ${file}`, sqliteFile: file };
}

/** An open database and what its schema is. */
export interface OpenDatabase {
  adapter: SqlAdapter;
  where: string;
  state: SchemaState;
}

/**
 * Opens the database and reads its schema version, which is also the connection check: any failure
 * here means the database cannot be used (exit 69), said in one line. `create` (for `migrate up`)
 * creates a missing SQLite file and its folder; otherwise a missing file is a missing schema (exit 4)
 * and nothing is created.
 */
export async function openDatabase(
  target: DatabaseTarget,
  options: { create: boolean },
): Promise<OpenDatabase> {
  if (target.sqliteFile !== null && !existsSync(target.sqliteFile)) {
    if (!options.create) {
      throw new CliError(
        EXIT.schema,
        `there is no database at ${target.sqliteFile}: run \`gatehouse migrate up\` to create it.`,
      );
    }
    await mkdir(dirname(target.sqliteFile), { recursive: true }).catch((error: unknown) => {
      throw new CliError(
        EXIT.unavailable,
        `cannot create ${dirname(target.sqliteFile!)}: ${errorCode(error)}`,
      );
    });
  }
  let adapter: SqlAdapter | undefined;
  try {
    adapter = createSqlAdapter({ url: target.url });
    return { adapter, where: target.where, state: await readSchemaState(adapter.db) };
  } catch (error) {
    await adapter?.close().catch(() => {});
    throw new CliError(EXIT.unavailable, `cannot use the database (${target.where}): ${reason(error)}`, {
      cause: error,
    });
  }
}

/** The one-line complaint about a schema this Gatehouse cannot use, or null when it is current. */
export function schemaProblem(state: SchemaState): string | null {
  switch (state.kind) {
    case "missing":
      return "the database has no Gatehouse schema: run `gatehouse migrate up`.";
    case "unknown":
      return "the database has Gatehouse tables but no schema version (they were not made by `gatehouse migrate up`): refusing to guess their shape.";
    case "versioned":
      if (state.version === SCHEMA_VERSION) return null;
      return state.version > SCHEMA_VERSION
        ? `the schema is at version ${state.version}, newer than this Gatehouse knows (${SCHEMA_VERSION}): upgrade Gatehouse.`
        : `the schema is at version ${state.version}, this Gatehouse needs ${SCHEMA_VERSION}: run \`gatehouse migrate up\`.`;
  }
}

/**
 * Runs `use` on the database with a current schema, then closes it. What the database refuses along
 * the way becomes one line and an exit code (69 unavailable, 4 schema, 1 anything else).
 */
export async function withCurrentDatabase(
  context: CommandContext,
  envFile: string | undefined,
  use: (database: OpenDatabase) => Promise<number>,
): Promise<number> {
  const database = await openDatabase(await databaseTarget(context, envFile), { create: false });
  try {
    const problem = schemaProblem(database.state);
    if (problem !== null) throw new CliError(EXIT.schema, problem);
    return await use(database);
  } catch (error) {
    throw storageFailure(error, database.where);
  } finally {
    await database.adapter.close().catch(() => {});
  }
}

/** A StorageError thrown after the connection check, as a CliError; anything else unchanged. */
export function storageFailure(error: unknown, where: string): unknown {
  if (!isStorageError(error)) return error;
  const exit =
    error.code === "StorageUnavailable"
      ? EXIT.unavailable
      : error.code === "SchemaMismatch"
        ? EXIT.schema
        : EXIT.failed;
  return new CliError(exit, `the database (${where}) refused: ${reason(error)}`, { cause: error });
}

// Driver codes worth saying in words; the code itself is printed too, for searching.
const REASONS: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  "28P01": "password authentication failed",
  "28000": "the server refused this user",
  "3D000": "the database does not exist",
  "3F000": "the schema in search_path does not exist",
  "53300": "too many connections",
  "55P03": "locked by another process (a migration under way?)",
  "57P03": "the server is starting up or shutting down",
  "57P01": "the server ended the connection",
  "57014": "the statement timed out",
  CONNECT_TIMEOUT: "connection timed out",
  QUERY_TIMEOUT: "the server did not answer in time",
  CONNECTION_LOST: "the connection was lost",
};

// SQLite primary result codes (the driver code is the extended one; its low byte is the primary).
const SQLITE_REASONS: Record<number, string> = {
  5: "the file is locked by another process",
  8: "the file is read-only",
  13: "the disk is full",
  14: "cannot open the file (a folder, or no permission)",
  26: "the file is not a SQLite database",
};

/** Why, in one line: StorageError messages are fixed per code and carry no values, only the driver code. */
function reason(error: unknown): string {
  if (isStorageError(error)) {
    const code = error.driverCode;
    // SQLSTATEs have five characters; SQLite's extended result codes are numbers below 10000.
    const sqlite =
      code !== undefined && /^\d{1,4}$/.test(code) ? SQLITE_REASONS[Number(code) & 0xff] : undefined;
    const words = sqlite ?? ((code !== undefined && REASONS[code]) || withoutPrefix(error));
    return code === undefined ? words : `${words} [${code}]`;
  }
  // Not a driver error (pg refusing a malformed URL, say): its code or class, never its message,
  // which could quote the URL and so the password.
  return `could not connect [${errorCode(error)}]`;
}

function withoutPrefix(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^Gatehouse storage( \([^)]*\))?: /, "");
}

async function readEnvFile(path: string): Promise<Record<string, string | undefined>> {
  let content: string;
  try {
    content = await readFile(path, "utf8");
  } catch (error) {
    throw new CliError(EXIT.config, `cannot read --dotenv ${path}: ${errorCode(error)}`);
  }
  return parseEnv(content);
}
