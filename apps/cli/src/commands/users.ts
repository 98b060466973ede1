import {
  composePasswordMail,
  createPasswordResetLink,
  disableUser,
  enableUser,
  normalizeEmail,
} from "@gatehouse/core";
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
import { errorCode } from "../lib/error-code.ts";
import { findUser } from "../lib/find-user.ts";

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 1000;

type Subcommand = "list" | "create" | "reset-link" | "disable" | "enable" | "role";

/** Role names as the app's `admin.roles` takes them: they read the same in storage, URLs and the console. */
const ROLE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

/** The options each subcommand takes besides --json and --dotenv; any other is a usage error. */
const OPTIONS_OF: Record<Subcommand, readonly string[]> = {
  list: ["limit", "after"],
  create: ["email", "name"],
  "reset-link": ["email", "url", "send"],
  disable: ["user"],
  enable: ["user"],
  role: ["user", "role", "clear"],
};

/** `gatehouse users list|create|reset-link|disable|enable|role`: the users in DATABASE_URL. */
export const usersCommand: Command = {
  name: "users",
  summary:
    "list the users (a page at a time), create one, make a password reset link, disable or enable one, set a role",
  usage: `Usage: gatehouse users list [--limit <n>] [--after <id>] [--json] [--dotenv <path>]
       gatehouse users create --email <address> [--name <name>] [--json] [--dotenv <path>]
       gatehouse users reset-link --email <address> [--url <auth url>] [--send] [--json] [--dotenv <path>]
       gatehouse users disable --user <id or email> [--json] [--dotenv <path>]
       gatehouse users enable --user <id or email> [--json] [--dotenv <path>]
       gatehouse users role --user <id or email> (--role <name> | --clear) [--json] [--dotenv <path>]

  list        the users in id order, a page at a time, with their role and when each was
              disabled (- for none). When there are more, a last line on stderr gives the
              command for the next page; with --json, "next" holds the cursor (null on the last
              page)
  create      a user with this email address and an optional name; nothing is sent. The address
              is normalised as sign-in does it (NFKC, trimmed, lower case). Exit 73 when a user
              has it already
  reset-link  a single-use link, valid 1 hour, with which the user sets a new password on the
              reset page (also a first password). Printed for you to hand over, or with --send
              mailed to the user over SMTP_URL from EMAIL_FROM (the app's reset mail) and not
              printed. It needs the auth endpoint's public URL: --url, else AUTH_URL. Exit 67
              when no user has the address
  disable     refuses the user every sign-in from now on (the sign-in page says the account is
              disabled) and ends every session they have: stored ones are deleted, jwt ones end
              within a second on every instance. Nothing of theirs is deleted. Exit 67 when no
              user has the id or email
  enable      lets a disabled user sign in again; the sessions that ended stay ended. Exit 67
              when no user has the id or email
  role        gives the user a role (--role), replacing any they had, or takes it away
              (--clear). \`admin\` opens the admin API and console; another role means what the
              app makes of it (list it in the app's admin.roles to assign it there too). A
              change is written to the audit log (role-changed, by no one: the CLI); setting
              the role the user has changes nothing. Exit 67 when no user has the id or email
  --user      the user's id, or their email address
  --role      a role name: lowercase letters, digits, - and _, starting with a letter, at most 64
  --clear     no role
  --url       the auth endpoint's public URL, e.g. https://app.example.com/api/auth
  --send      mail the link instead of printing it (SMTP_URL and EMAIL_FROM, as the web app)
  --limit     users per page, 1–${MAX_LIMIT}; default ${DEFAULT_LIMIT}
  --after     the cursor: the last id of the previous page
  --json      print the result as JSON; disable and enable print
              { "user": { "id", "email" }, "disabled": <when, or null> }; role prints
              { "user": { "id", "email" }, "role": <name or null>, "previous": <name or null> }
${DATABASE_HELP}`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, {
      limit: { type: "string" },
      after: { type: "string" },
      email: { type: "string" },
      name: { type: "string" },
      url: { type: "string" },
      send: { type: "boolean" },
      user: { type: "string" },
      role: { type: "string" },
      clear: { type: "boolean" },
      json: { type: "boolean" },
      ...DATABASE_OPTIONS,
    });
    const which = subcommand(positionals, [
      "list",
      "create",
      "reset-link",
      "disable",
      "enable",
      "role",
    ] as const);
    const json = values.json === true;
    refuseOthers(values, which);
    if (which === "list") {
      const limit = parseLimit(values.limit);
      return withCurrentDatabase(context, values.dotenv, (database) =>
        list(context, database, { limit, after: values.after, json }),
      );
    }
    if (which === "disable" || which === "enable") {
      const who = values.user?.trim();
      if (!who) throw new CliError(EXIT.usage, `${which} needs --user <id or email>.`);
      return withCurrentDatabase(context, values.dotenv, (database) =>
        setDisabled(context, database, { who, disable: which === "disable", json }),
      );
    }
    if (which === "role") {
      const who = values.user?.trim();
      if (!who) throw new CliError(EXIT.usage, "role needs --user <id or email>.");
      if ((values.role === undefined) === (values.clear !== true)) {
        throw new CliError(EXIT.usage, "role needs --role <name> or --clear (one of them).");
      }
      const role = values.role ?? null;
      if (role !== null && !ROLE_NAME.test(role)) {
        throw new CliError(
          EXIT.usage,
          "--role must be a role name: lowercase letters, digits, - and _, starting with a letter, at most 64.",
        );
      }
      return withCurrentDatabase(context, values.dotenv, (database) =>
        setRole(context, database, { who, role, json }),
      );
    }
    if (which === "reset-link") {
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
    ["ID", "EMAIL", "NAME", "ROLE", "EMAIL VERIFIED", "DISABLED"],
    ...page.map((user) => [
      user.id,
      user.email ?? "-",
      user.name ?? "-",
      user.role ?? "-",
      user.emailVerified?.toISOString() ?? "-",
      user.disabledAt?.toISOString() ?? "-",
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
      await passwordMailer(options.mail)(
        composePasswordMail({
          kind: "reset-password",
          to: options.email,
          url: link.url,
          expires: link.expires,
        }),
      );
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

async function setDisabled(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { who: string; disable: boolean; json: boolean },
): Promise<number> {
  const found = await findUser(adapter, options.who);
  const noUser = new CliError(EXIT.noUser, `no user has the id or email ${options.who}.`);
  if (found === null) throw noUser;
  let user: AdapterUser | null;
  try {
    user = options.disable
      ? await disableUser({ adapter, userId: found.id })
      : await enableUser({ adapter, userId: found.id });
  } catch (error) {
    // Deleted by someone else after it was found (the sessions-valid-after write found no row).
    if (isStorageError(error, "NotFound")) throw noUser;
    throw error;
  }
  if (user === null) throw noUser;
  const disabled = user.disabledAt ?? null;
  if (options.json) {
    printJson(context, { user: { id: user.id, email: user.email ?? null }, disabled });
    return EXIT.ok;
  }
  const whom = user.email ? `${user.email} (${user.id})` : user.id;
  context.io.out(
    disabled === null
      ? `enabled ${whom}`
      : `disabled ${whom} at ${disabled.toISOString()}; their sessions have ended`,
  );
  return EXIT.ok;
}

/**
 * Sets or clears the user's role and writes `role-changed` to the audit log (actor null: no user
 * did it), as the admin API does for an administrator. The role is read first, for the entry's
 * `from`: an administrator changing it in the same instant could make `from` stale, never the role.
 */
async function setRole(
  context: CommandContext,
  { adapter }: OpenDatabase,
  options: { who: string; role: string | null; json: boolean },
): Promise<number> {
  const noUser = new CliError(EXIT.noUser, `no user has the id or email ${options.who}.`);
  const found = await findUser(adapter, options.who);
  if (found === null) throw noUser;
  const from = found.role ?? null;
  let user: AdapterUser | null = found;
  if (from !== options.role) {
    user = await adapter.setUserRole(found.id, options.role);
    // Deleted by someone else after it was found.
    if (user === null) throw noUser;
    try {
      await adapter.appendAudit?.({
        at: new Date(),
        kind: "role-changed",
        actorId: null,
        subjectId: user.id,
        ip: null,
        userAgent: null,
        detail: { from, to: options.role },
      });
    } catch (error) {
      // The role changed; only its record failed, which the operator should hear about.
      context.io.err(
        `gatehouse users: the role changed, but its audit entry was not written (${errorCode(error)}).`,
      );
    }
  }
  const role = user.role ?? null;
  if (options.json) {
    printJson(context, { user: { id: user.id, email: user.email ?? null }, role, previous: from });
    return EXIT.ok;
  }
  const whom = user.email ? `${user.email} (${user.id})` : user.id;
  const named = (value: string | null) => (value === null ? "no role" : `the role ${value}`);
  context.io.out(
    from === role
      ? `${whom} already has ${named(role)}`
      : `${whom} now has ${named(role)} (had ${named(from)})`,
  );
  return EXIT.ok;
}

function userJson(user: AdapterUser) {
  return {
    id: user.id,
    email: user.email ?? null,
    name: user.name ?? null,
    emailVerified: user.emailVerified,
    image: user.image ?? null,
    disabledAt: user.disabledAt ?? null,
    role: user.role ?? null,
    createdAt: user.createdAt ?? null,
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

/** Options of another subcommand are a mistake worth saying, not something to ignore. */
function refuseOthers(values: Record<string, unknown>, which: Subcommand): void {
  const allowed = new Set([...OPTIONS_OF[which], "json", "dotenv"]);
  const given = Object.keys(values).find((option) => values[option] !== undefined && !allowed.has(option));
  if (given !== undefined) throw new CliError(EXIT.usage, `--${given} does not apply to ${which}.`);
}
