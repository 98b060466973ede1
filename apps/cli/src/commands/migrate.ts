import { existsSync } from "node:fs";
import {
  isStorageError,
  type MigrationStatus,
  migrate,
  migrationStatus,
  readSchemaState,
  SCHEMA_VERSION,
  SHIPPED_MIGRATIONS,
} from "@gatehouse/sql";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, type CommandContext, parse, printJson, subcommand } from "../lib/command.ts";
import {
  DATABASE_HELP,
  DATABASE_OPTIONS,
  type DatabaseTarget,
  databaseTarget,
  openDatabase,
  schemaProblem,
  storageFailure,
} from "../lib/database.ts";

/** `gatehouse migrate status|up`: the schema migrations of @gatehouse/sql on DATABASE_URL. */
export const migrateCommand: Command = {
  name: "migrate",
  summary: "show (status) or apply (up) the database schema migrations on DATABASE_URL",
  usage: `Usage: gatehouse migrate status [--json] [--dotenv <path>]
       gatehouse migrate up [--json] [--dotenv <path>]

  status      every migration shipped with this Gatehouse, applied (and when) or pending, and the
              schema version. Changes nothing. Exit 0 when the schema is current, 4 when not
  up          applies the pending migrations in one transaction and says which; a current schema
              is not an error (exit 0). Creates a missing SQLite file
  --json      print the result as JSON
${DATABASE_HELP}`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, { json: { type: "boolean" }, ...DATABASE_OPTIONS });
    const which = subcommand(positionals, ["status", "up"] as const);
    const target = await databaseTarget(context, values.dotenv);
    const json = values.json === true;
    return which === "status" ? status(context, target, json) : up(context, target, json);
  },
};

async function status(context: CommandContext, target: DatabaseTarget, json: boolean): Promise<number> {
  let result: MigrationStatus;
  if (target.sqliteFile !== null && !existsSync(target.sqliteFile)) {
    // Opening the file would create it; a status changes nothing, so report what is there: nothing.
    result = {
      state: { kind: "missing" },
      latest: SCHEMA_VERSION,
      migrations: SHIPPED_MIGRATIONS.map((migration) => ({ ...migration, appliedAt: null })),
    };
  } else {
    const database = await openDatabase(target, { create: false });
    try {
      result = await migrationStatus(database.adapter.db);
    } catch (error) {
      throw storageFailure(error, target.where);
    } finally {
      await database.adapter.close().catch(() => {});
    }
  }
  const problem = schemaProblem(result.state);
  const pending = result.migrations.filter((migration) => migration.appliedAt === null);
  if (json) {
    printJson(context, {
      database: target.where,
      state: result.state.kind,
      version: result.state.kind === "versioned" ? result.state.version : null,
      latest: result.latest,
      current: problem === null,
      migrations: result.migrations.map(({ name, version, appliedAt }) => ({
        name,
        version,
        status: appliedAt === null ? "pending" : "applied",
        appliedAt,
      })),
    });
  } else {
    const { io } = context;
    io.out(`database: ${target.where}`);
    io.out(`schema: ${describeState(result)}`);
    const width = Math.max(...result.migrations.map((migration) => migration.name.length));
    for (const { name, version, appliedAt } of result.migrations) {
      const when = appliedAt === null ? "" : `  ${appliedAt.toISOString()}`;
      io.out(
        `  ${appliedAt === null ? "pending" : "applied"}  ${name.padEnd(width)}  version ${version}${when}`,
      );
    }
    if (problem !== null) io.err(problem);
    else if (pending.length > 0) io.err(`${pending.length} pending: run \`gatehouse migrate up\`.`);
  }
  return problem === null ? EXIT.ok : EXIT.schema;
}

async function up(context: CommandContext, target: DatabaseTarget, json: boolean): Promise<number> {
  const database = await openDatabase(target, { create: true });
  try {
    // No judgement of the state read at open: that read is outside the migration lock, and another
    // `migrate up` (or a starting instance) may be half-way through. migrate() reads it again under
    // the lock, where whatever the other one did has committed.
    const { applied, version } = await migrate(database.adapter.db);
    if (json) printJson(context, { database: target.where, applied, version });
    else {
      context.io.out(`database: ${target.where}`);
      context.io.out(
        applied.length > 0
          ? `applied ${applied.join(", ")}; the schema is at version ${version}`
          : `the schema is already at version ${version}; nothing to do`,
      );
    }
    return EXIT.ok;
  } catch (error) {
    // migrate() refused the schema (unversioned, or newer than this Gatehouse): say what to do with
    // this CLI rather than in the web app's words. The state is read once more, the lock released.
    if (isStorageError(error) && error.code === "SchemaMismatch") {
      const state = await readSchemaState(database.adapter.db).catch(() => null);
      const problem = state === null ? null : schemaProblem(state);
      if (problem !== null) throw new CliError(EXIT.schema, problem, { cause: error });
    }
    throw storageFailure(error, target.where);
  } finally {
    await database.adapter.close().catch(() => {});
  }
}

function describeState({ state, latest }: MigrationStatus): string {
  switch (state.kind) {
    case "missing":
      return `none yet (this Gatehouse needs version ${latest})`;
    case "unknown":
      return "Gatehouse tables without a schema version";
    case "versioned":
      return state.version === latest
        ? `version ${state.version}, current`
        : `version ${state.version} (this Gatehouse ${state.version > latest ? "knows up to" : "needs"} ${latest})`;
  }
}
