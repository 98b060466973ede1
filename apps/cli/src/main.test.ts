import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { Credentials, gatehouse } from "@gatehouse/core";
import { approveDeviceCode, denyDeviceCode } from "@gatehouse/dev-provider/testing";
import { getRequestListener } from "@hono/node-server";
import { type DevSetup, startDevSetup } from "../../web/src/server/dev-setup.ts";
import type { CliIo } from "./device-sign-in.ts";
import { EXIT_CODES_HELP } from "./exit-codes.ts";
import { COMMANDS, EXIT, main, USAGE } from "./main.ts";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

/**
 * The CLI in-process against a real HTTP server running Gatehouse with the web app's development
 * setup (the bundled OpenID provider, device flow on). Server and CLI share one clock that only the
 * CLI's `sleep` moves, so polls are spaced by the interval without any real waiting.
 */
describe("gatehouse sign-in (device flow CLI) against the web app's development provider", () => {
  let server: Server;
  let dev: DevSetup;
  let authUrl: string;
  let now = Date.now();

  before(async () => {
    server = createServer();
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    authUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/auth`;
    dev = await startDevSetup({ authUrl, port: 0, log: () => {} });
    // A credentials provider beside the dev one: a provider without the device flow.
    const credentials = Credentials({ credentials: {}, authorize: () => null });
    const auth = gatehouse({
      secret: SECRET,
      url: authUrl,
      providers: [...dev.providers, credentials],
      now: () => now,
    });
    server.on(
      "request",
      getRequestListener((request) => auth.handler(request)),
    );
  });
  after(async () => {
    server.closeAllConnections();
    server.close();
    await dev.close();
  });

  /** An io whose `sleep` moves the shared clock; `person` acts once the CLI has shown the code. */
  function io(person?: (userCode: string) => Promise<void>, sleepFor = (ms: number) => ms, actOnSleep = 1) {
    const out: string[] = [];
    const err: string[] = [];
    const sleeps: number[] = [];
    let acted = false;
    const cli: CliIo = {
      fetch: globalThis.fetch,
      now: () => now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      async sleep(ms) {
        sleeps.push(ms);
        now += sleepFor(ms);
        const userCode = /enter the code (\S+)/.exec(err.join("\n"))?.[1];
        if (person && !acted && userCode && sleeps.length >= actOnSleep) {
          acted = true;
          await person(userCode);
        }
      },
    };
    return { cli, out, err, sleeps };
  }

  test("shows the code and URL, polls, and prints who signed in; --print-token gives a working bearer token", async () => {
    const run = io((code) => approveDeviceCode(dev.issuer, code, "Grace Hopper"));
    const code = await main(["sign-in", "--url", authUrl, "--provider", "dev", "--print-token"], run.cli);
    assert.equal(code, EXIT.ok, run.err.join("\n"));
    assert.match(
      run.err[0] ?? "",
      new RegExp(`^To sign in, open ${dev.issuer}/device and enter the code [A-Z]{4}-[A-Z]{4}$`),
    );
    assert.match(
      run.out[0] ?? "",
      /^Signed in as Grace Hopper <grace-hopper@example\.test> \(session expires /,
    );
    assert.deepEqual(run.sleeps, [5000], "one wait at the default 5 s interval, then the token");
    const token = run.out[1] ?? "";
    const session = await fetch(`${authUrl}/session`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(((await session.json()) as { user: { name: string } }).user.name, "Grace Hopper");
  });

  test("a device that woke too early is told slow_down and keeps the longer interval", async () => {
    // Sleep 1: on time, pending. Sleep 2: the clock moves only 1 s, so the poll is too soon (slow_down,
    // refused before the provider). Sleep 3: the new 10 s interval, the person approves meanwhile.
    const run = io(
      (code) => approveDeviceCode(dev.issuer, code, "Ada"),
      (ms) => (run.sleeps.length === 2 ? 1000 : ms),
      3,
    );
    const code = await main(["sign-in", "--url", authUrl, "--provider", "dev"], run.cli);
    assert.equal(code, EXIT.ok, run.err.join("\n"));
    assert.deepEqual(run.sleeps, [5000, 5000, 10000], "slow_down: 5 s more");
    assert.match(run.out[0] ?? "", /^Signed in as Ada /);
  });

  test("the person refuses at the provider: exit 2 with a clear message", async () => {
    const run = io((code) => denyDeviceCode(dev.issuer, code));
    const code = await main(["sign-in", "--url", authUrl, "--provider", "dev"], run.cli);
    assert.equal(code, EXIT.denied);
    assert.match(run.err.at(-1) ?? "", /refused/);
    assert.deepEqual(run.out, []);
  });

  test("nobody approves before the code expires: exit 3", async () => {
    const run = io();
    const code = await main(["sign-in", "--url", authUrl, "--provider", "dev"], run.cli);
    assert.equal(code, EXIT.expired);
    assert.match(run.err.at(-1) ?? "", /expired/);
  });

  test("an unknown provider or a provider without the device flow fails with the app's error code", async () => {
    const unknown = io();
    assert.equal(await main(["sign-in", "--url", authUrl, "--provider", "nope"], unknown.cli), EXIT.failed);
    assert.match(unknown.err.at(-1) ?? "", /UnknownProvider/);
    const credentials = io();
    assert.equal(
      await main(["sign-in", "--url", authUrl, "--provider", "credentials"], credentials.cli),
      EXIT.failed,
    );
    assert.match(credentials.err.at(-1) ?? "", /DeviceFlowUnsupported/);
  });

  test("usage errors exit 64 and print the usage", async () => {
    for (const argv of [
      ["sign-in"],
      ["sign-in", "--url", "ftp://x", "--provider", "dev"],
      ["sign-in", "--nope"],
    ]) {
      const run = io();
      assert.equal(await main(argv, run.cli), EXIT.usage, argv.join(" "));
      assert.match(run.err.join("\n"), /Usage: gatehouse sign-in/);
    }
    // Without a command (sign-in used to be the only one) the usage is the list of commands.
    for (const argv of [[], ["bogus"], ["--nope"]]) {
      const run = io();
      assert.equal(await main(argv, run.cli), EXIT.usage, argv.join(" "));
      assert.match(run.err.join("\n"), /Usage: gatehouse <command>[\s\S]*sign-in/);
    }
  });
});

describe("gatehouse: the commands, their help and the exit codes", () => {
  function io() {
    const out: string[] = [];
    const err: string[] = [];
    const cli: CliIo = {
      fetch: () => Promise.reject(new Error("no network here")),
      sleep: async () => {},
      now: Date.now,
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    };
    return { cli, out, err, host: { env: {}, cwd: "/nonexistent" } };
  }

  test("--help lists every command and the exit codes; exit 0", async () => {
    const run = io();
    assert.equal(await main(["--help"], run.cli, run.host), EXIT.ok);
    assert.equal(run.out.join("\n"), USAGE);
    for (const command of COMMANDS) assert.match(USAGE, new RegExp(`^  ${command.name} +\\S`, "m"));
    assert.deepEqual(
      COMMANDS.map((command) => command.name),
      ["init", "secret", "migrate", "users", "sessions", "sign-in"],
    );
  });

  test("the exit-code table in --help names every code in EXIT, and only those", () => {
    const documented = [...EXIT_CODES_HELP.matchAll(/^ {2}(\d+) /gm)].map((match) => Number(match[1]));
    assert.deepEqual(
      documented,
      [...new Set(Object.values(EXIT))].sort((a, b) => a - b),
    );
  });

  test("<command> --help (or -h, anywhere among its arguments) prints its usage on stdout, exit 0, and does nothing else", async () => {
    for (const command of COMMANDS) {
      for (const argv of [
        [command.name, "--help"],
        [command.name, "list", "-h"],
      ]) {
        const run = io();
        assert.equal(await main(argv, run.cli, run.host), EXIT.ok, argv.join(" "));
        assert.equal(run.out.join("\n"), command.usage);
        assert.match(command.usage, new RegExp(`^Usage: gatehouse ${command.name}`));
        assert.deepEqual(run.err, []);
      }
    }
  });

  test("users disable and enable need --user: exit 64 with the usage, before any database is opened", async () => {
    for (const subcommand of ["disable", "enable"]) {
      const run = io();
      assert.equal(await main(["users", subcommand], run.cli, run.host), EXIT.usage);
      assert.match(
        run.err[0] ?? "",
        new RegExp(`^${subcommand} needs --user <id or email>\\.\n\nUsage: gatehouse users`),
      );
    }
  });
});
