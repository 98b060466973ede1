#!/usr/bin/env node
import { parseArgs } from "node:util";
import { initCommand } from "./commands/init.ts";
import { migrateCommand } from "./commands/migrate.ts";
import { secretCommand } from "./commands/secret.ts";
import { sessionsCommand } from "./commands/sessions.ts";
import { signInCommand } from "./commands/sign-in.ts";
import { usersCommand } from "./commands/users.ts";
import type { CliIo } from "./device-sign-in.ts";
import { CliError, EXIT, EXIT_CODES_HELP } from "./exit-codes.ts";
import type { Command, CommandContext } from "./lib/command.ts";
import { errorCode } from "./lib/error-code.ts";

export { EXIT } from "./exit-codes.ts";

/** The commands, in the order `gatehouse --help` lists them. */
export const COMMANDS: readonly Command[] = [
  initCommand,
  secretCommand,
  migrateCommand,
  usersCommand,
  sessionsCommand,
  signInCommand,
];

const width = Math.max(...COMMANDS.map((command) => command.name.length));

/** `gatehouse --help`. */
export const USAGE = `Usage: gatehouse <command> [options]

Sets up, looks after and signs in to a Gatehouse app from a terminal.

Commands:
${COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join("\n")}

\`gatehouse <command> --help\` shows a command's options. Commands that print data take --json
(one JSON document on stdout); errors are one line on stderr. migrate, users and sessions work on
the database DATABASE_URL names (postgres://… or sqlite:<path>).

${EXIT_CODES_HELP}`;

/**
 * The CLI: parses `argv` (without `node` and the script), runs the command, returns the exit code.
 * `host` (the environment and working directory) defaults to this process's.
 *
 * @example process.exitCode = await main(["sign-in", "--url", "http://localhost:3000/api/auth", "--provider", "dev"], io)
 */
export async function main(
  argv: string[],
  io: CliIo,
  host: Omit<CommandContext, "io"> = { env: process.env, cwd: process.cwd() },
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h") {
    io.out(USAGE);
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (command === undefined) {
    const problem =
      name === undefined
        ? "Say which command."
        : `Unknown ${name.startsWith("-") ? "option" : "command"} "${name}".`;
    io.err(`${problem}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (asksForHelp(rest)) {
    io.out(command.usage);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, { io, ...host });
  } catch (error) {
    if (error instanceof CliError) {
      io.err(
        error.exit === EXIT.usage
          ? `${error.message}\n\n${command.usage}`
          : `gatehouse ${command.name}: ${error.message}`,
      );
      return error.exit;
    }
    // A bug or something unforeseen: its code or class, not a stack trace nor a message that
    // might quote a URL with a password in it.
    io.err(`gatehouse ${command.name}: unexpected error (${errorCode(error)})`);
    return EXIT.failed;
  }
}

/** `--help` / `-h` anywhere among the command's arguments (before a `--`). */
function asksForHelp(argv: string[]): boolean {
  const { tokens } = parseArgs({ args: argv, strict: false, allowPositionals: true, tokens: true });
  return tokens.some((token) => token.kind === "option" && (token.name === "help" || token.name === "h"));
}
