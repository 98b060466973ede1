import assert from "node:assert/strict";
import { test } from "node:test";
import { EXIT } from "../exit-codes.ts";
import { jsonOf, runCli } from "../test/run-cli.ts";

test("gatehouse secret prints a fresh secret; --json as { secret }", async () => {
  const [text, json] = await Promise.all([runCli(["secret"]), runCli(["secret", "--json"])]);
  assert.equal(text.status, EXIT.ok, text.stderr);
  assert.match(text.stdout, /^[A-Za-z0-9_-]{43}\n$/);
  assert.equal(json.status, EXIT.ok, json.stderr);
  const { secret } = jsonOf(json) as { secret: string };
  assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
  assert.notEqual(secret, text.stdout.trim());
});

test("gatehouse secret with a stray argument or option: exit 64 and the usage", async () => {
  await Promise.all(
    [
      ["secret", "extra"],
      ["secret", "--length", "64"],
    ].map(async (args) => {
      const run = await runCli(args);
      assert.equal(run.status, EXIT.usage, args.join(" "));
      assert.match(run.stderr, /Usage: gatehouse secret/);
      assert.equal(run.stdout, "");
    }),
  );
});
