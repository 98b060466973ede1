import { createPasswordResetLink, normalizeEmail } from "@gatehouse/core";
import type { AdapterUser } from "@gatehouse/core/adapter";
import { passwordMailer } from "@gatehouse/smtp";
import { isStorageError } from "@gatehouse/sql";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, type CommandContext, parse, printJson, subcommand } from "../lib/command.ts";
import {
  DATABASE_HELP,
  DATABASE_OPTIONS,
  envVariable,
  type OpenDatabase,
  withCurrentDatabase,
} from "../lib/database.ts";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

/** `gatehouse users list|create|reset-link`: the users in DATABASE_URL. */
export const usersCommand: Command = {
  name: "users",
  summary: "list the users (a page at a time), create one, or make a password reset link",
  usage: `Usage: gatehouse users list [--limit <n>] [--after <id>] [--json] [--dotenv <path>]
       gatehouse users create --email <address> [--name <name>] [--json] [--dotenv <path>]
       gatehouse users reset-link --email <address> [--url <auth url>] [--send] [--json] [--dotenv <path>]

  list        the users in id order, a page at a time. When there are more, a last line on
              stderr gives the command for the next page; with --json, "next" holds the
              cursor (null on the last page)
  create      a user with this email address and an optional name; nothing is sent. The address
              is normalised as sign-in does it (NFKC, trimmed, lower case). Exit 73 when a user
              has it already
  reset-link  a single-use link, valid 1 hour, with which the user sets a new password on the
              reset page (also a first password). Printed for you to hand over, or with --send
              mailed to the user over SMTP_URL from EMAIL_FROM (the app's reset mail) and not
              printed. It needs the auth endpoint's public URL: --url, else AUTH_URL. Exit 67
              when no user has the address
  --url       the auth endpoint's public URL, e.g. https://app.example.com/api/auth
  --send      mail the link instead of printing it (SMTP_URL and EMAIL_FROM, as the web app)
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
      url: { type: "string" },
      send: { type: "boolean" },
      json: { type: "boolean" },
      ...DATABASE_OPTIONS,
    });
    const which = subcommand(positionals, ["list", "create", "reset-link"] as const);
    const json = values.json === true;
    if (which !== "reset-link") refuse(values, ["send"], which);
    if (which === "list") {
      refuse(values, ["email", "name", "url"], "list");
      const limit = parseLimit(values.limit);
      return withCurrentDatabase(context, values.dotenv, (database) =>
        list(context, database, { limit, after: values.after, json }),
      );
    }
    if (which === "reset-link") {
      refuse(values, ["limit", "after", "name"], "reset-link");
      if (values.email === undefined) throw new CliError(EXIT.usage, "reset-link needs --email.");
      const email = normalizeEmail(values.email);
      if (email === null) throw new CliError(EXIT.usage, "--email is not an address sign-in accepts.");
      const url = values.url ?? (await envVariable(context, values.dotenv, "AUTH_URL"));
      if (url === undefined || url.trim() === "") {
        throw new CliError(
          EXIT.config,
          "reset-link needs the auth endpoint's public URL: pass --url or set AUTH_URL.",
        );
      }
      const parsed = URL.parse(url.trim());
      if (parsed === null || (parsed.protocol !== "http:" && parsed.protocol !== "https:")) {
        throw new CliError(EXIT.usage, `--url / AUTH_URL is not an http(s) URL: ${JSON.stringify(url)}.`);
      }
      let mail: { server: string; from: string } | null = null;
      if (values.send === true) {
        const server = (await envVariable(context, values.dotenv, "SMTP_URL"))?.trim();
        const from = (await envVariable(context, values.dotenv, "EMAIL_FROM"))?.trim();
        if (!server || !from) {
          throw new CliError(
            EXIT.config,
            "--send needs SMTP_URL and EMAIL_FROM (the environment or --dotenv).",
          );
        }
        mail = { server, from };
      }
      return withCurrentDatabase(context, values.dotenv, (database) =>
        resetLink(context, database, { email, url: url.trim(), json, mail }),
      );
    }
    refuse(values, ["limit", "after", "url"], "create");
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

async function resetLink(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { email: string; url: string; json: boolean; mail: { server: string; from: string } | null },
): Promise<number> {
  const link = await createPasswordResetLink({ adapter, url: options.url, email: options.email });
  if (link === null) throw new CliError(EXIT.noUser, `no user has the email ${options.email}.`);
  if (options.mail) {
    try {
      await passwordMailer(options.mail)({
        kind: "reset-password",
        to: options.email,
        url: link.url,
        expires: link.expires,
        theme: {},
      });
    } catch (error) {
      throw new CliError(
        EXIT.unavailable,
        `the mail could not be sent: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (options.json) printJson(context, { sent: options.email, expires: link.expires.toISOString() });
    else context.io.out(`sent a reset link to ${options.email}, valid until ${link.expires.toISOString()}`);
    return EXIT.ok;
  }
  if (options.json) printJson(context, { url: link.url, expires: link.expires.toISOString() });
  else {
    context.io.out(link.url);
    context.io.err(`Valid once, until ${link.expires.toISOString()}. Anyone with it can set the password.`);
  }
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
