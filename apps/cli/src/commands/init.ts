import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, noPositionals, parse } from "../lib/command.ts";
import { errorCode } from "../lib/error-code.ts";
import { CONFIG_FILE, configFileText, ENV_FILE, envFileText } from "../lib/init-files.ts";
import { generateSecret } from "../lib/secret.ts";

/** `gatehouse init`: writes gatehouse.config.ts and .env (with a fresh AUTH_SECRET); never overwrites. */
export const initCommand: Command = {
  name: "init",
  summary: `write ${CONFIG_FILE} and a ${ENV_FILE} with a fresh AUTH_SECRET`,
  usage: `Usage: gatehouse init [--dir <folder>]

Writes two files into the folder, and never overwrites: when either exists, nothing is written
and the exit code is 73.

  ${CONFIG_FILE}  the web app's config file (providers, theme, callbacks, pages, session),
                       the defaults commented. Only the Gatehouse web app reads it (from its
                       folder, apps/web); an app of your own passes these options to gatehouse()
  ${ENV_FILE}                 AUTH_SECRET set to a fresh secret; AUTH_URL, DATABASE_URL, the
                       providers and SMTP commented, to fill in. Mode 0600: it holds the secret

  --dir                the folder to write into; default the current one, created if missing`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, { dir: { type: "string" } });
    noPositionals(positionals);
    const dir = resolve(context.cwd, values.dir ?? ".");
    const files = [
      { path: join(dir, CONFIG_FILE), text: configFileText(), mode: 0o644 },
      { path: join(dir, ENV_FILE), text: envFileText(generateSecret()), mode: 0o600 },
    ];
    const existing = files.filter((file) => existsSync(file.path)).map((file) => file.path);
    if (existing.length > 0) throw wouldOverwrite(existing);

    await mkdir(dir, { recursive: true }).catch((error: unknown) => {
      throw new CliError(EXIT.failed, `cannot create ${dir}: ${errorCode(error)}`);
    });
    const written: string[] = [];
    for (const file of files) {
      try {
        // `wx` fails if the file appeared since the check: still never an overwrite.
        await writeFile(file.path, file.text, { flag: "wx", mode: file.mode });
        written.push(file.path);
      } catch (error) {
        // All or nothing: a half-initialised folder would make the next `init` refuse.
        await Promise.all(written.map((path) => rm(path, { force: true })));
        if (errorCode(error) === "EEXIST") throw wouldOverwrite([file.path]);
        throw new CliError(
          EXIT.failed,
          `cannot write ${file.path}: ${errorCode(error)}; nothing was written.`,
        );
      }
    }
    for (const path of written) context.io.out(`wrote ${path}`);
    context.io.err(
      `AUTH_SECRET is set in ${ENV_FILE}; keep that file out of version control. Next: fill in AUTH_URL and DATABASE_URL, then \`gatehouse migrate up --dotenv ${ENV_FILE}\`.`,
    );
    return EXIT.ok;
  },
};

function wouldOverwrite(paths: string[]): CliError {
  const what = paths.length === 1 ? `${paths[0]} already exists` : `${paths.join(" and ")} already exist`;
  return new CliError(EXIT.exists, `${what}; nothing was written (init never overwrites).`);
}
