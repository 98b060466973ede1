import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import type { CliIo } from "../device-sign-in.ts";
import { CliError, EXIT } from "../exit-codes.ts";

/** What a command gets from `main`: the io (output, and for sign-in the network and clock), the environment and the working directory. */
export interface CommandContext {
  io: CliIo;
  /** Usually `process.env`. */
  env: Record<string, string | undefined>;
  /** Where relative paths (`--dir`, `--dotenv`, `sqlite:<relative path>`) start. */
  cwd: string;
}

/** One `gatehouse <name>` command. `--help` is handled by `main`, which prints `usage`. */
export interface Command {
  name: string;
  /** The line `gatehouse --help` shows for it. */
  summary: string;
  /** The whole `gatehouse <name> --help`. */
  usage: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  run(argv: string[], context: CommandContext): Promise<number>;
}

/**
 * `parseArgs` in strict mode with positionals allowed; what it refuses (an unknown option, a
 * missing value) becomes a usage error.
 *
 * @example const { values, positionals } = parse(argv, { json: { type: "boolean" } });
 */
export function parse<const O extends ParseArgsOptionsConfig>(argv: string[], options: O) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new CliError(EXIT.usage, error instanceof Error ? error.message : String(error));
  }
}

/** The subcommand (first positional), checked against the known ones; no further positionals. */
export function subcommand<const S extends string>(positionals: string[], known: readonly S[]): S {
  const [name, ...extra] = positionals;
  if (name === undefined) throw new CliError(EXIT.usage, `Say which: ${known.join(", ")}.`);
  if (!known.includes(name as S)) {
    throw new CliError(EXIT.usage, `Unknown subcommand "${name}" (known: ${known.join(", ")}).`);
  }
  noPositionals(extra);
  return name as S;
}

/** Refuses stray arguments rather than ignoring them. */
export function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new CliError(EXIT.usage, `Unexpected argument "${positionals[0]}".`);
}

/** `--json` output: one JSON document on stdout (Dates as ISO strings). */
export function printJson(context: CommandContext, value: unknown): void {
  context.io.out(JSON.stringify(value, null, 2));
}
