import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { readFile, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parseEnv } from "node:util";
import { gatehouse } from "@gatehouse/core";
import { loadConfigFile } from "../../../web/src/server/config-file.ts";
import { EXIT } from "../exit-codes.ts";
import { runCli, tempDir } from "../test/run-cli.ts";

describe("gatehouse init", () => {
  const dir = tempDir();
  after(() => dir.remove());
  let n = 0;
  const folder = () => join(dir.path, `project-${++n}`);

  test("writes gatehouse.config.ts and a .env (mode 0600) whose only set variable is a fresh AUTH_SECRET", async () => {
    const target = folder();
    const run = await runCli(["init", "--dir", target]);
    assert.equal(run.status, EXIT.ok, run.stderr);
    assert.equal(run.stdout, `wrote ${join(target, "gatehouse.config.ts")}\nwrote ${join(target, ".env")}\n`);
    assert.match(run.stderr, /keep that file out of version control/);

    const env = await readFile(join(target, ".env"), "utf8");
    const variables = parseEnv(env);
    assert.deepEqual(Object.keys(variables), ["AUTH_SECRET"]);
    assert.match(variables.AUTH_SECRET ?? "", /^[A-Za-z0-9_-]{43}$/);
    assert.equal((await stat(join(target, ".env"))).mode & 0o777, 0o600);

    const other = folder();
    await runCli(["init", "--dir", other]);
    const otherSecret = parseEnv(await readFile(join(other, ".env"), "utf8")).AUTH_SECRET;
    assert.notEqual(otherSecret, variables.AUTH_SECRET, "a new secret every time");
  });

  test("the commented variables in .env are the web app's, and each parses once uncommented", async () => {
    const target = folder();
    await runCli(["init", "--dir", target]);
    const env = await readFile(join(target, ".env"), "utf8");
    const uncommented = env.replace(/^# ([A-Z][A-Z0-9_]*=)/gm, "$1");
    const variables = parseEnv(uncommented);
    for (const name of [
      "AUTH_SECRET",
      "AUTH_URL",
      "AUTH_TRUST_HOST",
      "DATABASE_URL",
      "AUTH_KEYCLOAK_ISSUER",
      "AUTH_KEYCLOAK_ID",
      "AUTH_KEYCLOAK_SECRET",
      "SMTP_URL",
      "EMAIL_FROM",
      "NODE_ENV",
      "PORT",
      "HOST",
    ]) {
      assert.ok(name in variables, name);
    }
    assert.equal(variables.EMAIL_FROM, "Example <no-reply@example.com>");
  });

  test("the config file loads with the web app's loader, as written and with every option uncommented", async () => {
    const target = folder();
    await runCli(["init", "--dir", target]);
    const written = join(target, "gatehouse.config.ts");
    assert.deepEqual(await loadConfigFile(written), { providers: [] });

    const source = await readFile(written, "utf8");
    const everything = join(target, "everything.config.ts");
    await writeFile(everything, source.replace(/^ {2}\/\/ ([a-zA-Z]+: )/gm, "  $1"));
    const config = await loadConfigFile(everything);
    assert.deepEqual(Object.keys(config).sort(), [
      "callbacks",
      "cookies",
      "httpTimeout",
      "pages",
      "providers",
      "rateLimit",
      "session",
      "theme",
    ]);
    // Core's defaults, as the comments say; and core accepts every value.
    assert.deepEqual(config.session, { maxAge: 2_592_000, updateAge: 86_400 });
    assert.equal(config.httpTimeout, 3500);
    assert.deepEqual(config.rateLimit, { trustedProxies: 1 });
    gatehouse({
      ...config,
      providers: config.providers ?? [],
      secret: "a-test-secret-that-is-long-enough-0123456789",
      url: "http://localhost/api/auth",
    });
  });

  test("refuses to overwrite: with either file present it writes nothing and exits 73", async () => {
    await Promise.all(
      [".env", "gatehouse.config.ts"].map(async (existing) => {
        const target = folder();
        await runCli(["init", "--dir", target]);
        const kept = await readFile(join(target, existing), "utf8");
        const other = existing === ".env" ? "gatehouse.config.ts" : ".env";
        await rm(join(target, other));

        const run = await runCli(["init"], { cwd: target });
        assert.equal(run.status, EXIT.exists, run.stderr);
        assert.equal(
          run.stderr,
          `gatehouse init: ${join(target, existing)} already exists; nothing was written (init never overwrites).\n`,
        );
        assert.equal(await readFile(join(target, existing), "utf8"), kept, "untouched");
        assert.equal(existsSync(join(target, other)), false, "the missing one is not written either");
      }),
    );
  });

  test("usage: an unknown option or a stray argument exits 64 and writes nothing; --force is not offered", async () => {
    const target = folder();
    await Promise.all(
      [
        ["init", "--force", "--dir", target],
        ["init", target],
      ].map(async (args) => {
        const run = await runCli(args);
        assert.equal(run.status, EXIT.usage, args.join(" "));
        assert.match(run.stderr, /Usage: gatehouse init/);
      }),
    );
    assert.equal(existsSync(target), false);
  });
});
