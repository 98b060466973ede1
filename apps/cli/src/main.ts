#!/usr/bin/env node
import { parseArgs } from "node:util";
import { type CliIo, deviceSignIn } from "./device-sign-in.ts";

/** Exit codes, one per way a sign-in ends. */
export const EXIT = { ok: 0, usage: 64, denied: 2, expired: 3, failed: 1 } as const;

const USAGE = `Usage: gatehouse sign-in --url <auth base URL> --provider <id> [--print-token]

Signs in from this terminal with the device flow (RFC 8628): shows a code to enter in a
browser, waits, then prints who is signed in. Nothing is written to disk.

  --url          the app's auth endpoint, e.g. http://localhost:3000/api/auth
  --provider     the provider id, e.g. dev
  --print-token  also print the session token (stdout, last line), for
                 'Authorization: Bearer <token>'`;

/**
 * The CLI: parses `argv` (without `node` and the script), runs the command, returns the exit code.
 *
 * @example process.exitCode = await main(["sign-in", "--url", "http://localhost:3000/api/auth", "--provider", "dev"], io)
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return EXIT.usage;
  }
  const { positionals, values } = parsed;
  if (values.help) {
    io.out(USAGE);
    return EXIT.ok;
  }
  if (positionals[0] !== "sign-in" || positionals.length !== 1) {
    io.err(USAGE);
    return EXIT.usage;
  }
  const url = URL.parse(values.url ?? "");
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !values.provider) {
    io.err(`sign-in needs --url (an http(s) URL) and --provider.\n\n${USAGE}`);
    return EXIT.usage;
  }
  const outcome = await deviceSignIn({ url: url.href, provider: values.provider, io });
  switch (outcome.status) {
    case "signed-in": {
      const user = (outcome.session.user ?? {}) as Record<string, unknown>;
      const who = [user.name, user.email ? `<${String(user.email)}>` : undefined].filter(Boolean).join(" ");
      io.out(`Signed in as ${who || "an unnamed user"} (session expires ${outcome.expires})`);
      if (values["print-token"]) io.out(outcome.token);
      return EXIT.ok;
    }
    case "denied":
      io.err("Sign-in was refused (access denied).");
      return EXIT.denied;
    case "expired":
      io.err("The code expired before the sign-in was finished. Run the command again.");
      return EXIT.expired;
    case "failed":
      io.err(`Sign-in failed: ${outcome.reason}`);
      return EXIT.failed;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      provider: { type: "string" },
      "print-token": { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
}

if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2), {
    fetch: globalThis.fetch,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  });
}
