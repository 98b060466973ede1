import { normalizeEmail } from "@gatehouse/core";
import type { AdapterUser } from "@gatehouse/core/adapter";
import { isStorageError } from "@gatehouse/sql";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, type CommandContext, parse, printJson, subcommand } from "../lib/command.ts";
import { DATABASE_HELP, DATABASE_OPTIONS, type OpenDatabase, withCurrentDatabase } from "../lib/database.ts";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** `gatehouse users list|create`: the users in DATABASE_URL. */
export const usersCommand: Command = {
  name: "users",
  summary: "list the users (a page at a time) or create one",
  usage: `Usage: gatehouse users list [--limit <n>] [--after <id>] [--json] [--dotenv <path>]
       gatehouse users create --email <address> [--name <name>] [--json] [--dotenv <path>]

  list        the users in id order, a page at a time. When there are more, a last line on
              stderr gives the command for the next page; with --json, "next" holds the
              cursor (null on the last page)
  create      a user with this email address and an optional name; nothing is sent. The address
              is normalised as sign-in does it (NFKC, trimmed, lower case). Exit 73 when a user
              has it already
  --limit     users per page, 1–${MAX_LIMIT}; default ${DEFAULT_LIMIT}
  --after     the cursor: the last id of the previous page
  --json      print the result as JSON
${DATABASE_HELP}`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, {
      limit: { type: "string" },
      after: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      json: { type: "boolean" },
      ...DATABASE_OPTIONS,
    });
    const which = subcommand(positionals, ["list", "create"] as const);
    const json = values.json === true;
    if (which === "list") {
      refuse(values, ["email", "name"], "list");
      const limit = parseLimit(values.limit);
      return withCurrentDatabase(context, values.dotenv, (database) =>
        list(context, database, { limit, after: values.after, json }),
      );
    }
    refuse(values, ["limit", "after"], "create");
    const email = normalizeEmail(values.email);
    if (values.email === undefined) throw new CliError(EXIT.usage, "create needs --email.");
    if (email === null) throw new CliError(EXIT.usage, "--email is not an address sign-in accepts.");
    const name = values.name?.trim() || null;
    return withCurrentDatabase(context, values.dotenv, (database) =>
      create(context, database, { email, name, json }),
    );
  },
};

async function list(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { limit: number; after: string | undefined; json: boolean },
): Promise<number> {
  const { users: page, next } = await adapter.listUsers({ limit: options.limit, after: options.after });
  if (options.json) {
    printJson(context, { users: page.map(userJson), next });
    return EXIT.ok;
  }
  const rows = [
    ["ID", "EMAIL", "NAME", "EMAIL VERIFIED"],
    ...page.map((user) => [
      user.id,
      user.email ?? "-",
      user.name ?? "-",
      user.emailVerified?.toISOString() ?? "-",
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) {
    context.io.out(
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join("  ")
        .trimEnd(),
    );
  }
  if (page.length === 0) context.io.err(options.after === undefined ? "No users." : "No more users.");
  if (next !== null) context.io.err(`More: gatehouse users list --limit ${options.limit} --after ${next}`);
  return EXIT.ok;
}

async function create(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { email: string; name: string | null; json: boolean },
): Promise<number> {
  let user: AdapterUser;
  try {
    user = await adapter.createUser({ email: options.email, name: options.name, emailVerified: null });
  } catch (error) {
    // The unique index decides, so two concurrent creates cannot both succeed.
    if (isStorageError(error, "EmailTaken")) {
      throw new CliError(EXIT.exists, `a user with the email ${options.email} already exists.`);
    }
    throw error;
  }
  if (options.json) printJson(context, { user: userJson(user) });
  else context.io.out(`created user ${user.id} <${user.email}>${user.name ? ` (${user.name})` : ""}`);
  return EXIT.ok;
}

function userJson(user: AdapterUser) {
  return {
    id: user.id,
    email: user.email ?? null,
    name: user.name ?? null,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
  };
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_LIMIT;
  const limit = Number(raw);
  if (!/^\d+$/.test(raw) || limit < 1 || limit > MAX_LIMIT) {
    throw new CliError(EXIT.usage, `--limit must be a whole number from 1 to ${MAX_LIMIT}.`);
  }
  return limit;
}

/** Options of the other subcommand are a mistake worth saying, not something to ignore. */
function refuse(values: Record<string, unknown>, options: string[], which: string): void {
  const given = options.find((option) => values[option] !== undefined);
  if (given !== undefined) throw new CliError(EXIT.usage, `--${given} does not apply to ${which}.`);
}
