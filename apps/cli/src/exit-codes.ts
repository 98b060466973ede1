/**
 * Every exit code of `gatehouse`, one meaning each across commands. The sign-in codes (0, 1, 2, 3,
 * 64) came first; the rest follow BSD's sysexits.h, as 64 (EX_USAGE) already did, so scripts and
 * service managers read them the usual way.
 */
export const EXIT = {
  /** Done. */
  ok: 0,
  /** Failed: the app or the database refused; the reason is printed. */
  failed: 1,
  /** sign-in: the person refused at the provider (access_denied). */
  denied: 2,
  /** sign-in: the code expired before the sign-in was finished. */
  expired: 3,
  /** The database schema is not the one this Gatehouse needs: missing, older (pending migrations), newer or unversioned. */
  schema: 4,
  /** Usage: unknown command or option, a missing or invalid argument (sysexits EX_USAGE). */
  usage: 64,
  /** No such user (sysexits EX_NOUSER). */
  noUser: 67,
  /** The database (or, for `users reset-link --send`, the mail server) cannot be reached or refused (sysexits EX_UNAVAILABLE). */
  unavailable: 69,
  /** Refused to overwrite: the file or the user already exists (sysexits EX_CANTCREAT). */
  exists: 73,
  /** Configuration: DATABASE_URL missing or malformed, an unreadable --dotenv (sysexits EX_CONFIG). */
  config: 78,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit-code table of `gatehouse --help`; a test keeps it in step with `EXIT`. */
export const EXIT_CODES_HELP = `Exit codes:
  0   done
  1   failed: the app or the database refused (the reason is printed)
  2   sign-in: refused at the provider (access_denied)
  3   sign-in: the code expired
  4   the database schema is not current: migrations pending (run \`gatehouse migrate up\`),
      or newer than this Gatehouse, or not made by it
  64  usage: unknown command or option, missing or invalid argument
  67  no such user
  69  the database (or the mail server) cannot be reached, or refused
  73  would overwrite: the file (init) or the user (users create) already exists
  78  configuration: DATABASE_URL missing or malformed, --dotenv unreadable`;

/**
 * A command's way of ending with a message and an exit code; `main` prints the message (one line on
 * stderr, never a stack trace) and returns the code.
 */
export class CliError extends Error {
  readonly exit: ExitCode;

  constructor(exit: ExitCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "CliError";
    this.exit = exit;
  }
}
