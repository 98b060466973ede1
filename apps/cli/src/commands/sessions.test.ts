import assert from "node:assert/strict";
import { test } from "node:test";
import { EXIT } from "../exit-codes.ts";
import { onEachDatabase, openAdapter } from "../test/databases.ts";
import { jsonOf, runCli } from "../test/run-cli.ts";
import { countSessions, twoUsersWithSessions } from "../test/sessions.ts";

await onEachDatabase("gatehouse sessions revoke", (fresh) => {
  test("by email or by id: ends that user's sessions only (stored deleted, jwt void) and says how many", async () => {
    const url = await fresh();
    const { adapter, ada, grace } = await twoUsersWithSessions(url);
    const env = { DATABASE_URL: url };

    const before = Date.now();
    const byEmail = await runCli(["sessions", "revoke", "--user", "ADA@example.com"], { env });
    const after = Date.now();
    assert.equal(byEmail.status, EXIT.ok, byEmail.stderr);
    assert.equal(byEmail.stdout, `revoked 3 sessions of ada@example.com (${ada.id})\n`);
    assert.equal(await countSessions(adapter, ada.id), 0);
    assert.equal(await countSessions(adapter, grace.id), 2, "another user's sessions stay");
    // jwt sessions are cookies, not rows: the user's sessions-valid-after time voids them.
    const validAfter = (await adapter.getSessionsValidAfter(ada.id))?.getTime() ?? 0;
    assert.ok(validAfter >= before && validAfter <= after, "jwt sessions begun before now are void");
    assert.equal(await adapter.getSessionsValidAfter(grace.id), null, "not another user's");
    // A recovery: links mailed before (a reset, a pending email change) die with the generation.
    assert.equal((await adapter.getUser(ada.id))?.securityGeneration, 1);
    assert.equal((await adapter.getUser(grace.id))?.securityGeneration, 0);

    const byId = await runCli(["sessions", "revoke", "--user", grace.id, "--json"], { env });
    assert.equal(byId.status, EXIT.ok, byId.stderr);
    assert.deepEqual(jsonOf(byId), { user: { id: grace.id, email: "grace@example.com" }, revoked: 2 });

    const none = await runCli(["sessions", "revoke", "--user", ada.id], { env });
    assert.equal(none.status, EXIT.ok, "nothing left to revoke is not an error");
    assert.match(none.stdout, /^revoked 0 sessions of ada@example\.com/);
    await adapter.close();
  });

  test("an unknown user exits 67; no --user is a usage error", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const env = { DATABASE_URL: url };
    await Promise.all(
      ["nobody@example.com", crypto.randomUUID()].map(async (who) => {
        const run = await runCli(["sessions", "revoke", "--user", who], { env });
        assert.equal(run.status, EXIT.noUser, who);
        assert.equal(run.stderr, `gatehouse sessions: no user has the id or email ${who}.\n`);
      }),
    );
    await Promise.all(
      [
        ["sessions", "revoke"],
        ["sessions", "revoke", "--user", " "],
        ["sessions", "list"],
      ].map(async (args) => {
        const run = await runCli(args, { env });
        assert.equal(run.status, EXIT.usage, args.join(" "));
        assert.match(run.stderr, /Usage: gatehouse sessions revoke/);
      }),
    );
    await adapter.close();
  });
});
