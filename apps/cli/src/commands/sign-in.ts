import { deviceSignIn } from "../device-sign-in.ts";
import { CliError, EXIT } from "../exit-codes.ts";
import { type Command, parse } from "../lib/command.ts";

/** `gatehouse sign-in`: the device flow (RFC 8628) against a Gatehouse app. */
export const signInCommand: Command = {
  name: "sign-in",
  summary: "sign in from this terminal with the device flow (RFC 8628)",
  usage: `Usage: gatehouse sign-in --url <auth base URL> --provider <id> [--print-token]

Signs in from this terminal with the device flow (RFC 8628): shows a code to enter in a
browser, waits, then prints who is signed in. Nothing is written to disk.

  --url          the app's auth endpoint, e.g. http://localhost:3000/api/auth
  --provider     the provider id, e.g. dev
  --print-token  also print the session token (stdout, last line), for
                 'Authorization: Bearer <token>'

Exit codes: 0 signed in, 2 refused (access_denied), 3 the code expired, 1 any other failure
(the app's error code is printed), 64 usage.`,

  async run(argv, { io }) {
    const { values, positionals } = parse(argv, {
      url: { type: "string" },
      provider: { type: "string" },
      "print-token": { type: "boolean" },
    });
    const url = URL.parse(values.url ?? "");
    if (
      positionals.length > 0 ||
      !url ||
      (url.protocol !== "https:" && url.protocol !== "http:") ||
      !values.provider
    ) {
      throw new CliError(EXIT.usage, "sign-in needs --url (an http(s) URL) and --provider.");
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
  },
};
