import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { POSTGRES_TEST_URL } from "@gatehouse/adapter-conformance";
import { EXIT } from "../exit-codes.ts";
import { onEachDatabase, openAdapter } from "../test/databases.ts";
import { jsonOf, runCli, tempDir } from "../test/run-cli.ts";

await onEachDatabase("gatehouse migrate", (fresh, dialect) => {
  test("status on an empty database: every migration pending, exit 4; up applies them; status is then current", async () => {
    const url = await fresh();
    const env = { DATABASE_URL: url };

    const before = await runCli(["migrate", "status"], { env });
    assert.equal(before.status, EXIT.schema, before.stderr);
    assert.match(before.stdout, /^database: (SQLite file \/|PostgreSQL at 127\.0\.0\.1:5432\/)/);
    assert.match(
      before.stdout,
      /pending {2}001-initial {16}version 1\n {2}pending {2}002-client-registrations {3}version 2\n {2}pending {2}003-password-accounts {6}version 3\n {2}pending {2}004-passkeys-two-factor {4}version 4\n {2}pending {2}005-disabled-users {9}version 5\n {2}pending {2}006-session-records-audit {2}version 6\n {2}pending {2}007-roles-user-list {8}version 7\n {2}pending {2}008-security-generation {4}version 8\n {2}pending {2}009-session-second-factor {2}version 9/,
    );
    assert.match(before.stderr, /no Gatehouse schema: run `gatehouse migrate up`/);
    if (dialect === "sqlite") {
      assert.equal(existsSync(url.slice("sqlite:".length)), false, "status creates no file");
    }

    const up = await runCli(["migrate", "up"], { env });
    assert.equal(up.status, EXIT.ok, up.stderr);
    assert.match(
      up.stdout,
      /applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; the schema is at version 9/,
    );

    const again = await runCli(["migrate", "up", "--json"], { env });
    assert.equal(again.status, EXIT.ok, again.stderr);
    assert.deepEqual(jsonOf(again), {
      database: (jsonOf(again) as { database: string }).database,
      applied: [],
      version: 9,
    });

    const status = await runCli(["migrate", "status", "--json"], { env });
    assert.equal(status.status, EXIT.ok, status.stderr);
    const report = jsonOf(status) as {
      state: string;
      version: number;
      latest: number;
      current: boolean;
      migrations: { name: string; version: number; status: string; appliedAt: string }[];
    };
    assert.equal(report.state, "versioned");
    assert.equal(report.version, 9);
    assert.equal(report.latest, 9);
    assert.equal(report.current, true);
    assert.deepEqual(
      report.migrations.map(({ name, version, status }) => ({ name, version, status })),
      [
        { name: "001-initial", version: 1, status: "applied" },
        { name: "002-client-registrations", version: 2, status: "applied" },
        { name: "003-password-accounts", version: 3, status: "applied" },
        { name: "004-passkeys-two-factor", version: 4, status: "applied" },
        { name: "005-disabled-users", version: 5, status: "applied" },
        { name: "006-session-records-audit", version: 6, status: "applied" },
        { name: "007-roles-user-list", version: 7, status: "applied" },
        { name: "008-security-generation", version: 8, status: "applied" },
        { name: "009-session-second-factor", version: 9, status: "applied" },
      ],
    );
    for (const migration of report.migrations) assert.ok(!Number.isNaN(Date.parse(migration.appliedAt)));
  });

  test("a schema newer than this Gatehouse: status and up exit 4 and say to upgrade; nothing changes", async () => {
    const url = await fresh();
    const adapter = await openAdapter(url, { migrated: true });
    await adapter.db.kysely.updateTable("gh_schema").set({ version: 10 }).execute();
    await Promise.all(
      ["status", "up"].map(async (subcommand) => {
        const run = await runCli(["migrate", subcommand], { env: { DATABASE_URL: url } });
        assert.equal(run.status, EXIT.schema, subcommand);
        assert.match(
          run.stderr,
          /schema is at version 10, newer than this Gatehouse knows \(9\): upgrade Gatehouse/,
        );
      }),
    );
    const row = await adapter.db.kysely.selectFrom("gh_schema").select("version").executeTakeFirst();
    assert.equal(row?.version, 10);
    await adapter.close();
  });

  test("two `migrate up` at once on an empty database (one failed: tables but no schema version, or SQLITE_BUSY): both exit 0, one applies", async () => {
    const env = { DATABASE_URL: await fresh() };
    const runs = await Promise.all([1, 2].map(() => runCli(["migrate", "up", "--json"], { env })));
    for (const run of runs) assert.equal(run.status, EXIT.ok, run.stderr);
    const applied = runs.map((run) => (jsonOf(run) as { applied: string[] }).applied.length);
    assert.deepEqual(applied.toSorted(), [0, 9], "one applied every migration, the other none");
    const adapter = await openAdapter(env.DATABASE_URL, { migrated: false });
    const rows = await adapter.db.kysely.selectFrom("gh_schema").select("version").execute();
    assert.deepEqual(
      rows.map((row) => row.version),
      [9],
    );
    await adapter.close();
  });
});

describe("gatehouse migrate: DATABASE_URL", () => {
  const dir = tempDir();
  after(() => dir.remove());

  test("a relative sqlite: path starts at the current directory; up creates the file and its folder", async () => {
    const run = await runCli(["migrate", "up"], {
      cwd: dir.path,
      env: { DATABASE_URL: "sqlite:data/app.db" },
    });
    assert.equal(run.status, EXIT.ok, run.stderr);
    assert.match(run.stdout, new RegExp(`database: SQLite file ${join(dir.path, "data", "app.db")}`));
    assert.ok(existsSync(join(dir.path, "data", "app.db")));
  });

  test("--dotenv supplies DATABASE_URL; the environment wins over the file", async () => {
    await mkdir(join(dir.path, "envs"));
    await writeFile(join(dir.path, "envs", "one.env"), "# a comment\nDATABASE_URL=sqlite:from-file.db\n");
    const fromFile = await runCli(["migrate", "up", "--dotenv", "envs/one.env"], { cwd: dir.path });
    assert.equal(fromFile.status, EXIT.ok, fromFile.stderr);
    assert.match(fromFile.stdout, /from-file\.db/);
    const fromEnv = await runCli(["migrate", "up", "--dotenv", "envs/one.env"], {
      cwd: dir.path,
      env: { DATABASE_URL: "sqlite:from-env.db" },
    });
    assert.match(fromEnv.stdout, /from-env\.db/);
    const missing = await runCli(["migrate", "status", "--dotenv", "nope.env"], { cwd: dir.path });
    assert.equal(missing.status, EXIT.config);
    assert.match(missing.stderr, /^gatehouse migrate: cannot read --dotenv .*nope\.env: ENOENT\n$/);
  });

  test("missing or malformed: exit 78, one line that says what to set, nothing created", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{}, /DATABASE_URL is not set: set it to postgres:\/\/… or sqlite:<path>/],
      [{ DATABASE_URL: "  " }, /DATABASE_URL is not set/],
      [
        { DATABASE_URL: "mysql://root:hunter2@db/app" },
        /must be postgres:\/\/… or sqlite:<path>, not mysql:/,
      ],
      [{ DATABASE_URL: "data/app.db" }, /for a SQLite file, write sqlite:<path>/],
      [{ DATABASE_URL: "postgres://user:hunter2@db:99999/app" }, /not a valid postgres:\/\/ URL/],
      [{ DATABASE_URL: "sqlite:" }, /DATABASE_URL: `sqlite:` needs a file path/],
    ];
    const cwd = join(dir.path, "malformed");
    await mkdir(cwd);
    await Promise.all(
      cases.map(async ([env, message]) => {
        const run = await runCli(["migrate", "up"], { cwd, env });
        assert.equal(run.status, EXIT.config, JSON.stringify(env));
        assert.match(run.stderr, message);
        assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
        assert.doesNotMatch(run.stderr, /hunter2/);
        assert.equal(run.stdout, "");
      }),
    );
    assert.deepEqual(await readdir(cwd), []);
  });

  test("an unreachable PostgreSQL: exit 69, one line naming where and why, no password, no stack trace", async () => {
    await Promise.all(
      ["status", "up"].map(async (subcommand) => {
        const run = await runCli(["migrate", subcommand], {
          env: { DATABASE_URL: "postgres://gatehouse:hunter2@127.0.0.1:1/app" },
        });
        assert.equal(run.status, EXIT.unavailable, run.stderr);
        assert.equal(
          run.stderr,
          "gatehouse migrate: cannot use the database (PostgreSQL at 127.0.0.1:1/app): connection refused [ECONNREFUSED]\n",
        );
      }),
    );
  });

  test("a SQLite path that cannot be a database (a folder, another kind of file): exit 69, said in words", async () => {
    await mkdir(join(dir.path, "folder.db"));
    await writeFile(
      join(dir.path, "notes.db"),
      "not a database, but long enough to have a header ".repeat(4),
    );
    const [folder, notes] = await Promise.all(
      ["folder.db", "notes.db"].map((name) =>
        runCli(["migrate", "up"], { cwd: dir.path, env: { DATABASE_URL: `sqlite:${name}` } }),
      ),
    );
    assert.equal(folder?.status, EXIT.unavailable, folder?.stderr);
    assert.equal(
      folder?.stderr,
      `gatehouse migrate: cannot use the database (SQLite file ${join(dir.path, "folder.db")}): cannot open the file (a folder, or no permission) [14]\n`,
    );
    assert.equal(notes?.status, EXIT.unavailable, notes?.stderr);
    assert.match(notes?.stderr ?? "", /notes\.db\): the file is not a SQLite database \[26\]\n$/);
  });

  test("a PostgreSQL database that does not exist: exit 69, said in words", async (t) => {
    const url = new URL(POSTGRES_TEST_URL);
    url.pathname = "/gatehouse_no_such_database";
    const run = await runCli(["migrate", "status"], { env: { DATABASE_URL: url.href } });
    if (/ECONNREFUSED|ETIMEDOUT/.test(run.stderr) && !process.env.CI) {
      t.skip(`PostgreSQL not reachable at ${url.host}`);
      return;
    }
    assert.equal(run.status, EXIT.unavailable, run.stderr);
    assert.match(run.stderr, /\/gatehouse_no_such_database\): the database does not exist \[3D000\]\n$/);
  });

  test("usage: no subcommand, an unknown one, an unknown option: exit 64 with the usage", async () => {
    await Promise.all(
      [["migrate"], ["migrate", "down"], ["migrate", "up", "--force"], ["migrate", "up", "extra"]].map(
        async (args) => {
          const run = await runCli(args, { env: { DATABASE_URL: "sqlite:never.db" } });
          assert.equal(run.status, EXIT.usage, args.join(" "));
          assert.match(run.stderr, /Usage: gatehouse migrate status/);
        },
      ),
    );
    assert.equal(existsSync(join(process.cwd(), "never.db")), false);
  });
});
