import { normalizeEmail } from "@gatehouse/core";
import type { AdapterUser } from "@gatehouse/core/adapter";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, type CommandContext, parse, printJson, subcommand } from "../lib/command.ts";
import { DATABASE_HELP, DATABASE_OPTIONS, type OpenDatabase, withCurrentDatabase } from "../lib/database.ts";

/** `gatehouse sessions revoke --user`: signs a user out everywhere. */
export const sessionsCommand: Command = {
  name: "sessions",
  summary: "revoke every session of a user (sign them out everywhere)",
  usage: `Usage: gatehouse sessions revoke --user <id or email> [--json] [--dotenv <path>]

  revoke      deletes every session the user has in the database, so each of their browsers
              and devices is signed out at its next request, and says how many. Exit 67 when
              no user has this id or email. (A \`jwt\` session lives in a cookie, not in the
              database: it cannot be revoked and lasts until it expires.)
  --user      the user's id, or their email address
  --json      print { "user": { "id", "email" }, "revoked": <count> }
${DATABASE_HELP}`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, {
      user: { type: "string" },
      json: { type: "boolean" },
      ...DATABASE_OPTIONS,
    });
    subcommand(positionals, ["revoke"] as const);
    const who = values.user?.trim();
    if (!who) throw new CliError(EXIT.usage, "revoke needs --user <id or email>.");
    return withCurrentDatabase(context, values.dotenv, (database) =>
      revoke(context, database, { who, json: values.json === true }),
    );
  },
};

async function revoke(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { who: string; json: boolean },
): Promise<number> {
  const user = await findUser(adapter, options.who);
  if (user === null) throw new CliError(EXIT.noUser, `no user has the id or email ${options.who}.`);
  const revoked = await adapter.deleteSessionsByUserId(user.id);
  if (options.json) {
    printJson(context, { user: { id: user.id, email: user.email ?? null }, revoked });
  } else {
    const whom = user.email ? `${user.email} (${user.id})` : user.id;
    context.io.out(`revoked ${revoked} session${revoked === 1 ? "" : "s"} of ${whom}`);
  }
  return EXIT.ok;
}

/** By id first (ids are opaque and could contain an @), then by the email as sign-in normalises it. */
async function findUser(adapter: OpenDatabase["adapter"], who: string): Promise<AdapterUser | null> {
  const byId = await adapter.getUser(who);
  if (byId !== null) return byId;
  const email = normalizeEmail(who);
  return email === null ? null : adapter.getUserByEmail(email);
}
