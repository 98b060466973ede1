import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { test } from "node:test";
import { gatehouse, Password } from "@gatehouse/core";
import type { SqlAdapter } from "@gatehouse/sql";
import { TestBrowser } from "../../../../packages/core/test/browser.ts";
import { formFields } from "../../../../packages/core/test/support/flows.ts";
import { startMailbox } from "../../../../packages/core/test/support/mailbox.ts";
import { EXIT } from "../exit-codes.ts";
import { onEachDatabase, openAdapter } from "../test/databases.ts";
import { jsonOf, runCli } from "../test/run-cli.ts";
import { addSessions, countSessions, twoUsersWithSessions } from "../test/sessions.ts";

interface UserJson {
  id: string;
  email: string | null;
  name: string | null;
  emailVerified: string | null;
  image: string | null;
  disabledAt: string | null;
  role: string | null;
  createdAt: string;
}

await onEachDatabase("gatehouse users", (fresh, dialect) => {
  test("create stores the email normalised as sign-in does; a second user with it exits 73", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const env = { DATABASE_URL: url };

    const created = await runCli(
      ["users", "create", "--email", "  Ada@Example.COM ", "--name", "Ada Lovelace", "--json"],
      {
        env,
      },
    );
    assert.equal(created.status, EXIT.ok, created.stderr);
    const { user } = jsonOf(created) as { user: UserJson };
    assert.deepEqual(user, {
      id: user.id,
      email: "ada@example.com",
      name: "Ada Lovelace",
      emailVerified: null,
      image: null,
      disabledAt: null,
      role: null,
      createdAt: user.createdAt,
    });
    assert.deepEqual(await adapter.getUserByEmail("ada@example.com"), {
      id: user.id,
      email: "ada@example.com",
      name: "Ada Lovelace",
      emailVerified: null,
      image: null,
      disabledAt: null,
      role: null,
      createdAt: new Date(user.createdAt),
      securityGeneration: 0,
    });

    const text = await runCli(["users", "create", "--email", "grace@example.com"], { env });
    assert.equal(text.status, EXIT.ok, text.stderr);
    assert.match(text.stdout, /^created user \S+ <grace@example\.com>\n$/);

    const again = await runCli(["users", "create", "--email", "ADA@example.com"], { env });
    assert.equal(again.status, EXIT.exists);
    assert.equal(again.stderr, "gatehouse users: a user with the email ada@example.com already exists.\n");
    await adapter.close();
  });

  test("create refuses an address sign-in would refuse, or no --email: exit 64, nothing stored", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    await Promise.all(
      [
        ["--email", '"a b"@example.com'],
        ["--email", "ada@example.com, eve@example.com"],
        ["--email", "no-at-sign"],
        ["--name", "Nobody"],
        ["--email", "ada@example.com", "--limit", "3"],
      ].map(async (args) => {
        const run = await runCli(["users", "create", ...args], { env: { DATABASE_URL: url } });
        assert.equal(run.status, EXIT.usage, args.join(" "));
        assert.match(run.stderr, /Usage: gatehouse users list/);
      }),
    );
    assert.deepEqual((await adapter.listUsers({ limit: 10 })).users, []);
    await adapter.close();
  });

  test("list pages through every user with --limit and --after; --json gives next", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const env = { DATABASE_URL: url };
    for (let i = 0; i < 5; i++) {
      await adapter.createUser({
        email: `u${i}@example.test`,
        name: i === 0 ? null : `User ${i}`,
        emailVerified: null,
      });
    }

    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const run = await runCli(
        ["users", "list", "--limit", "2", "--json", ...(after ? ["--after", after] : [])],
        {
          env,
        },
      );
      assert.equal(run.status, EXIT.ok, run.stderr);
      const page = jsonOf(run) as { users: UserJson[]; next: string | null };
      seen.push(...page.users.map((user) => user.email ?? ""));
      after = page.next;
      pages++;
    } while (after !== null);
    assert.equal(pages, 3);
    assert.deepEqual(
      [...seen].sort(),
      ["u0", "u1", "u2", "u3", "u4"].map((u) => `${u}@example.test`),
    );

    const text = await runCli(["users", "list", "--limit", "3"], { env });
    assert.equal(text.status, EXIT.ok, text.stderr);
    const lines = text.stdout.trimEnd().split("\n");
    assert.match(lines[0] ?? "", /^ID +EMAIL +NAME +ROLE +EMAIL VERIFIED +DISABLED$/);
    assert.equal(lines.length, 4, "a header and three users");
    assert.match(text.stderr, /^More: gatehouse users list --limit 3 --after \S+\n$/);
    await adapter.close();
  });

  test("list on an empty database says so; on one without the schema exits 4", async () => {
    const empty = await fresh();
    await (await openAdapter(empty, { migrated: true })).close();
    const none = await runCli(["users", "list"], { env: { DATABASE_URL: empty } });
    assert.equal(none.status, EXIT.ok, none.stderr);
    assert.equal(none.stderr, "No users.\n");

    const unmigrated = await fresh();
    const run = await runCli(["users", "list"], { env: { DATABASE_URL: unmigrated } });
    assert.equal(run.status, EXIT.schema);
    assert.match(
      run.stderr,
      /^gatehouse users: (the database has no Gatehouse schema|there is no database at .*): run `gatehouse migrate up`/,
    );
    if (dialect === "sqlite")
      assert.equal(existsSync(unmigrated.slice("sqlite:".length)), false, "no file created");
  });

  test("list refuses a bad --limit: exit 64", async () => {
    const url = await fresh();
    await Promise.all(
      ["0", "1001", "2.5", "ten", "-3"].map(async (limit) => {
        const run = await runCli(["users", "list", "--limit", limit], { env: { DATABASE_URL: url } });
        assert.equal(run.status, EXIT.usage, limit);
      }),
    );
  });
});

await onEachDatabase("gatehouse users disable and enable", (fresh) => {
  test("disable by email: the user is marked, their sessions end (stored deleted, jwt void); others untouched", async () => {
    const url = await fresh();
    const { adapter, ada, grace } = await twoUsersWithSessions(url);
    const env = { DATABASE_URL: url };

    const before = Date.now();
    const run = await runCli(["users", "disable", "--user", "ADA@example.com"], { env });
    const after = Date.now();
    assert.equal(run.status, EXIT.ok, run.stderr);
    const stored = await adapter.getUser(ada.id);
    const disabledAt = stored?.disabledAt;
    assert.ok(disabledAt instanceof Date, "marked disabled");
    assert.ok(disabledAt.getTime() >= before && disabledAt.getTime() <= after, "now");
    assert.equal(
      run.stdout,
      `disabled ada@example.com (${ada.id}) at ${disabledAt.toISOString()}; their sessions have ended\n`,
    );
    assert.equal(await countSessions(adapter, ada.id), 0, "stored sessions deleted");
    assert.equal(
      (await adapter.getSessionsValidAfter(ada.id))?.getTime(),
      disabledAt.getTime(),
      "jwt sessions begun before now are void",
    );
    assert.equal(await countSessions(adapter, grace.id), 2, "another user's sessions stay");
    assert.equal(await adapter.getSessionsValidAfter(grace.id), null);
    assert.equal((await adapter.getUser(grace.id))?.disabledAt, null);

    const listed = await runCli(["users", "list", "--json"], { env });
    const { users } = jsonOf(listed) as { users: UserJson[] };
    assert.deepEqual(users.map((user) => [user.email, user.disabledAt]).sort(), [
      ["ada@example.com", disabledAt.toISOString()],
      ["grace@example.com", null],
    ]);
    const table = await runCli(["users", "list"], { env });
    assert.match(
      table.stdout,
      new RegExp(`^${ada.id} +ada@example\\.com +Ada +- +- +${disabledAt.toISOString()}$`, "m"),
    );
    assert.match(table.stdout, new RegExp(`^${grace.id} +grace@example\\.com +- +- +- +-$`, "m"));
    await adapter.close();
  });

  test("enable by id clears the mark; the ended sessions stay ended; --json for both", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const ada = await adapter.createUser({ email: "ada@example.com", emailVerified: null });
    await addSessions(adapter, ada.id, 1);
    const env = { DATABASE_URL: url };

    const disabled = await runCli(["users", "disable", "--user", ada.id, "--json"], { env });
    assert.equal(disabled.status, EXIT.ok, disabled.stderr);
    const at = (await adapter.getUser(ada.id))?.disabledAt;
    assert.deepEqual(jsonOf(disabled), {
      user: { id: ada.id, email: "ada@example.com" },
      disabled: at?.toISOString(),
    });

    const enabled = await runCli(["users", "enable", "--user", ada.id, "--json"], { env });
    assert.equal(enabled.status, EXIT.ok, enabled.stderr);
    assert.deepEqual(jsonOf(enabled), { user: { id: ada.id, email: "ada@example.com" }, disabled: null });
    assert.equal((await adapter.getUser(ada.id))?.disabledAt, null);
    assert.equal(await countSessions(adapter, ada.id), 0, "the sessions that ended stay ended");
    assert.equal((await adapter.getSessionsValidAfter(ada.id))?.getTime(), at?.getTime());

    const text = await runCli(["users", "enable", "--user", "ada@example.com"], { env });
    assert.equal(text.status, EXIT.ok, text.stderr);
    assert.equal(
      text.stdout,
      `enabled ada@example.com (${ada.id})\n`,
      "enabling an enabled user is not an error",
    );
    await adapter.close();
  });

  test("an unknown user exits 67; no --user, or another subcommand's option, exits 64; nothing changes", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const ada = await adapter.createUser({ email: "ada@example.com", emailVerified: null });
    const env = { DATABASE_URL: url };
    await Promise.all(
      ["disable", "enable"].flatMap((subcommand) =>
        ["nobody@example.com", crypto.randomUUID()].map(async (who) => {
          const run = await runCli(["users", subcommand, "--user", who], { env });
          assert.equal(run.status, EXIT.noUser, `${subcommand} ${who}`);
          assert.equal(run.stdout, "");
          assert.equal(run.stderr, `gatehouse users: no user has the id or email ${who}.\n`);
        }),
      ),
    );
    await Promise.all(
      [
        ["users", "disable"],
        ["users", "enable", "--user", " "],
        ["users", "disable", "--email", "ada@example.com"],
        ["users", "disable", "--user", "ada@example.com", "--limit", "3"],
        ["users", "list", "--user", "ada@example.com"],
      ].map(async (args) => {
        const run = await runCli(args, { env });
        assert.equal(run.status, EXIT.usage, args.join(" "));
        assert.match(run.stderr, /Usage: gatehouse users list/);
      }),
    );
    assert.equal((await adapter.getUser(ada.id))?.disabledAt, null);
    await adapter.close();
  });
});

await onEachDatabase("gatehouse users role", (fresh) => {
  /** The user's role-changed entries, oldest first: kind, actor, subject and detail. */
  const roleChanges = async (adapter: SqlAdapter, userId: string) => {
    const { entries } = await adapter.queryAudit({ userId, kinds: ["role-changed"], limit: 100 });
    return entries
      .reverse()
      .map(({ kind, actorId, subjectId, detail }) => ({ kind, actorId, subjectId, detail }));
  };

  test("--role by email gives the role, another replaces it, --clear by id takes it away: one audit entry each, by no one", async () => {
    const url = await fresh();
    const { adapter, ada, grace } = await twoUsersWithSessions(url);
    const env = { DATABASE_URL: url };

    const given = await runCli(["users", "role", "--user", "ADA@example.com", "--role", "admin"], { env });
    assert.equal(given.status, EXIT.ok, given.stderr);
    assert.equal(given.stdout, `ada@example.com (${ada.id}) now has the role admin (had no role)\n`);
    assert.equal((await adapter.getUser(ada.id))?.role, "admin");
    assert.equal((await adapter.getUser(grace.id))?.role, null, "another user's role stays");
    assert.equal(await countSessions(adapter, ada.id), 3, "the user's sessions stay");

    const replaced = await runCli(["users", "role", "--user", ada.id, "--role", "support", "--json"], {
      env,
    });
    assert.equal(replaced.status, EXIT.ok, replaced.stderr);
    assert.deepEqual(jsonOf(replaced), {
      user: { id: ada.id, email: "ada@example.com" },
      role: "support",
      previous: "admin",
    });

    const listed = await runCli(["users", "list"], { env });
    assert.match(listed.stdout, new RegExp(`^${ada.id} +ada@example\\.com +Ada +support +- +-$`, "m"));
    const { users } = jsonOf(await runCli(["users", "list", "--json"], { env })) as { users: UserJson[] };
    assert.deepEqual(users.map((user) => [user.email, user.role]).sort(), [
      ["ada@example.com", "support"],
      ["grace@example.com", null],
    ]);

    const cleared = await runCli(["users", "role", "--user", ada.id, "--clear"], { env });
    assert.equal(cleared.status, EXIT.ok, cleared.stderr);
    assert.equal(cleared.stdout, `ada@example.com (${ada.id}) now has no role (had the role support)\n`);
    assert.equal((await adapter.getUser(ada.id))?.role, null);

    const change = (from: string | null, to: string | null) => ({
      kind: "role-changed",
      actorId: null,
      subjectId: ada.id,
      detail: { from, to },
    });
    assert.deepEqual(await roleChanges(adapter, ada.id), [
      change(null, "admin"),
      change("admin", "support"),
      change("support", null),
    ]);
    assert.deepEqual(await roleChanges(adapter, grace.id), []);
    await adapter.close();
  });

  test("the role the user has already: nothing changes, no audit entry", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const ada = await adapter.createUser({ email: "ada@example.com", emailVerified: null });
    await adapter.setUserRole(ada.id, "admin");
    const env = { DATABASE_URL: url };

    const same = await runCli(["users", "role", "--user", ada.id, "--role", "admin"], { env });
    assert.equal(same.status, EXIT.ok, same.stderr);
    assert.equal(same.stdout, `ada@example.com (${ada.id}) already has the role admin\n`);
    await adapter.setUserRole(ada.id, null);
    const none = await runCli(["users", "role", "--user", ada.id, "--clear", "--json"], { env });
    assert.deepEqual(jsonOf(none), {
      user: { id: ada.id, email: "ada@example.com" },
      role: null,
      previous: null,
    });
    assert.deepEqual(await roleChanges(adapter, ada.id), []);
    await adapter.close();
  });

  test("an unknown user exits 67; no --user, neither or both of --role and --clear, or a bad role name exit 64; nothing changes", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const ada = await adapter.createUser({ email: "ada@example.com", emailVerified: null });
    const env = { DATABASE_URL: url };
    await Promise.all(
      ["nobody@example.com", crypto.randomUUID()].map(async (who) => {
        const run = await runCli(["users", "role", "--user", who, "--role", "admin"], { env });
        assert.equal(run.status, EXIT.noUser, who);
        assert.equal(run.stdout, "");
        assert.equal(run.stderr, `gatehouse users: no user has the id or email ${who}.\n`);
      }),
    );
    await Promise.all(
      [
        ["users", "role", "--role", "admin"],
        ["users", "role", "--user", ada.id],
        ["users", "role", "--user", ada.id, "--role", "admin", "--clear"],
        ["users", "role", "--user", ada.id, "--role", "Admin"],
        ["users", "role", "--user", ada.id, "--role", ""],
        ["users", "role", "--user", ada.id, "--role", "a".repeat(65)],
        ["users", "role", "--user", ada.id, "--role", "admin", "--limit", "3"],
        ["users", "disable", "--user", ada.id, "--role", "admin"],
      ].map(async (args) => {
        const run = await runCli(args, { env });
        assert.equal(run.status, EXIT.usage, args.join(" "));
        assert.match(run.stderr, /Usage: gatehouse users list/);
      }),
    );
    assert.equal((await adapter.getUser(ada.id))?.role, null);
    assert.deepEqual(await roleChanges(adapter, ada.id), []);
    await adapter.close();
  });
});

await onEachDatabase("gatehouse users reset-link", (fresh) => {
  test("prints a single-use link with which the user sets a password on the reset page", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    const user = await adapter.createUser({ email: "reset@example.com", name: null, emailVerified: null });
    const env = { DATABASE_URL: url, AUTH_URL: "http://localhost:3000/api/auth" };

    const made = await runCli(["users", "reset-link", "--email", "Reset@Example.com"], { env });
    assert.equal(made.status, EXIT.ok, made.stderr);
    const link = new URL(made.stdout.trim());
    assert.equal(link.origin + link.pathname, "http://localhost:3000/api/auth/reset-password");
    assert.equal(link.searchParams.get("email"), "reset@example.com");
    assert.match(made.stderr, /Valid once, until \d{4}-/);

    // The link works on a real Gatehouse over the same database, once.
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-0123456789",
      url: env.AUTH_URL,
      adapter,
      providers: [Password({ sendMail: async () => {} })],
    });
    const browser = new TestBrowser((request) => auth.handler(request, { clientAddress: "192.0.2.1" }));
    const reset = async () => {
      const page = await browser.request(link.pathname + link.search);
      return browser.request("/api/auth/reset-password", {
        form: { ...formFields(await page.text()), password: "chosen by the user" },
      });
    };
    const first = await reset();
    assert.equal(new URL(first.headers.get("location")!).searchParams.get("notice"), "password-reset");
    assert.ok(await adapter.getPasswordHash(user.id));
    assert.equal(
      new URL((await reset()).headers.get("location")!).searchParams.get("error"),
      "PasswordResetInvalid",
    );

    const json = await runCli(["users", "reset-link", "--email", "reset@example.com", "--json"], { env });
    const body = jsonOf(json) as { url: string; expires: string };
    assert.ok(Date.parse(body.expires) > Date.now() + 59 * 60_000);
    await adapter.close();
  });

  test("no such user exits 67; no URL exits 78; a bad URL or address exits 64", async () => {
    const url = await fresh();
    await (await openAdapter(url, { migrated: true })).close();
    const env = { DATABASE_URL: url };
    const unknown = await runCli(
      ["users", "reset-link", "--email", "ghost@example.com", "--url", "https://a.example/api/auth"],
      { env },
    );
    assert.equal(unknown.status, EXIT.noUser);
    assert.equal(unknown.stdout, "");
    const noUrl = await runCli(["users", "reset-link", "--email", "ghost@example.com"], { env });
    assert.equal(noUrl.status, EXIT.config);
    const badUrl = await runCli(["users", "reset-link", "--email", "a@example.com", "--url", "ftp://x"], {
      env,
    });
    assert.equal(badUrl.status, EXIT.usage);
    const badEmail = await runCli(["users", "reset-link", "--email", "nope", "--url", "https://a.example"], {
      env,
    });
    assert.equal(badEmail.status, EXIT.usage);
  });
});

await onEachDatabase("gatehouse users reset-link --send", (fresh) => {
  test("mails the reset link over SMTP instead of printing it; no mail settings exit 78", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    await adapter.createUser({ email: "mailed@example.com", name: null, emailVerified: null });
    const mailbox = await startMailbox();
    try {
      const env = {
        DATABASE_URL: url,
        AUTH_URL: "http://localhost:3000/api/auth",
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}?ignoreTLS=true`,
        EMAIL_FROM: "no-reply@example.com",
      };
      const sent = await runCli(["users", "reset-link", "--email", "mailed@example.com", "--send"], { env });
      assert.equal(sent.status, EXIT.ok, sent.stderr);
      assert.match(sent.stdout, /^sent a reset link to mailed@example\.com, valid until /);
      assert.doesNotMatch(sent.stdout, /token=/, "the link is not printed");
      const [mail] = mailbox.messages;
      assert.deepEqual(mail?.to, ["mailed@example.com"]);
      assert.match(mail?.subject ?? "", /Reset your password/);
      assert.match(mail?.text ?? "", /http:\/\/localhost:3000\/api\/auth\/reset-password\?token=/);

      const { SMTP_URL: _s, ...withoutSmtp } = env;
      const unset = await runCli(["users", "reset-link", "--email", "mailed@example.com", "--send"], {
        env: withoutSmtp,
      });
      assert.equal(unset.status, EXIT.config);
    } finally {
      await mailbox.close();
      await adapter.close();
    }
  });
});
