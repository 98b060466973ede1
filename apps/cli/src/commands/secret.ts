import { EXIT } from "../exit-codes.ts";
import { type Command, noPositionals, parse, printJson } from "../lib/command.ts";
import { generateSecret } from "../lib/secret.ts";

/** `gatehouse secret`: prints a fresh secret for AUTH_SECRET. */
export const secretCommand: Command = {
  name: "secret",
  summary: "print a fresh random secret for AUTH_SECRET",
  usage: `Usage: gatehouse secret [--json]

Prints a fresh secret: 32 random bytes (crypto.getRandomValues) in base64url, 43 characters. Use it
as AUTH_SECRET; to rotate, move the current one to AUTH_SECRET_1 and set the new one.

  --json  print { "secret": "…" }`,

  async run(argv, context) {
    const { values, positionals } = parse(argv, { json: { type: "boolean" } });
    noPositionals(positionals);
    const secret = generateSecret();
    if (values.json) printJson(context, { secret });
    else context.io.out(secret);
    return EXIT.ok;
  },
};
