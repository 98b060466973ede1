import { isStorageError } from "@gatehouse/sql";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, type CommandContext, parse, printJson, subcommand } from "../lib/command.ts";
import { DATABASE_HELP, DATABASE_OPTIONS, type OpenDatabase, withCurrentDatabase } from "../lib/database.ts";
import { findUser } from "../lib/find-user.ts";

/** `gatehouse sessions revoke --user`: signs a user out everywhere. */
export const sessionsCommand: Command = {
  name: "sessions",
  summary: "revoke every session of a user (sign them out everywhere)",
  usage: `Usage: gatehouse sessions revoke --user <id or email> [--json] [--dotenv <path>]

  revoke      signs the user out everywhere: deletes every session they have in the database,
              so each of their browsers and devices is signed out at its next request, and
              says how many; and voids every \`jwt\` session they began until now (a \`jwt\`
              session lives in a cookie, not in the database: it ends within a second on
              every instance), and every link mailed to them before (a password reset, an
              email change). They can sign in again. Exit 67 when no user has this id or email
  --user      the user's id, or their email address
  --json      print { "user": { "id", "email" }, "revoked": <stored sessions deleted> }
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
  // jwt sessions are not rows to delete: every one the user began before now is void from now on
  // (core reads this time at most once a second per user and instance).
  try {
    await adapter.setSessionsValidAfter(user.id, new Date());
    // A recovery: every outstanding link of theirs (a pending email change, a reset link) dies too.
    await adapter.bumpSecurityGeneration(user.id);
  } catch (error) {
    // Deleted since it was found, by someone else: no such user now.
    if (isStorageError(error, "NotFound")) throw new CliError(EXIT.noUser, `no user has the id ${user.id}.`);
    throw error;
  }
  if (options.json) {
    printJson(context, { user: { id: user.id, email: user.email ?? null }, revoked });
  } else {
    const whom = user.email ? `${user.email} (${user.id})` : user.id;
    context.io.out(`revoked ${revoked} session${revoked === 1 ? "" : "s"} of ${whom}`);
  }
  return EXIT.ok;
}
