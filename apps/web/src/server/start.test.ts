import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { createPostgresTestSchema, postgresUnavailable } from "@gatehouse/adapter-conformance";
import { createSqlAdapter } from "@gatehouse/sql";
import { startWebApp, type WebApp } from "./start.ts";
import { emailSignIn } from "./testing/email-sign-in.ts";
import { migratedSqlite } from "./testing/migrated-sqlite.ts";

const SECRET = "a-production-secret-that-is-long-enough";
const PRODUCTION = { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "http://localhost:1/api/auth" };

async function providerIds(web: WebApp): Promise<string[]> {
  const response = await fetch(`http://localhost:${web.port}/api/auth/providers`);
  return Object.keys((await response.json()) as object);
}

describe("startWebApp", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "gatehouse-start-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const migratedDatabase = (file: string, change?: string) => migratedSqlite(dir, file, change);

  it("in production refuses to start without AUTH_SECRET and AUTH_URL, starting nothing", async () => {
    const lines: string[] = [];
    await assert.rejects(
      startWebApp({
        env: { NODE_ENV: "production" },
        dataDir: join(dir, "prod-data"),
        staticDir: dir,
        port: 0,
        log: (line) => lines.push(line),
      }),
      (error: unknown) => error instanceof TypeError && /AUTH_SECRET and AUTH_URL/.test(error.message),
    );
    assert.deepEqual(lines, []);
  });

  it("in production never starts the development provider, demo user, dev mailbox or dev secret", async () => {
    const lines: string[] = [];
    const dataDir = join(dir, "prod-data");
    const database = await migratedDatabase("production.db");
    const web = await startWebApp({
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: SECRET,
        AUTH_URL: "https://app.example.com/api/auth",
        DATABASE_URL: `sqlite:${database}`,
      },
      dataDir,
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.equal(web.url, "https://app.example.com");
      assert.equal(web.demo, null);
      assert.equal(web.devMailbox, null);
      assert.deepEqual(await providerIds(web), []);
      assert.equal((await fetch(`http://localhost:${web.port}/dev/mailbox`)).status, 404);
      assert.deepEqual(lines, [
        `database: SQLite file ${database}`,
        "production mode",
        "Gatehouse web app on https://app.example.com",
      ]);
      assert.equal(existsSync(dataDir), false, "no development secret is written");
    } finally {
      await web.close();
    }
  });

  it("in production refuses a missing database, saying to run npm run migrate, and creates nothing", async () => {
    const dataDir = join(dir, "prod-no-db");
    await assert.rejects(
      startWebApp({ env: PRODUCTION, dataDir, staticDir: dir, port: 0, log: () => {} }),
      (error: unknown) =>
        error instanceof TypeError &&
        error.message.includes(`no database at ${join(dataDir, "gatehouse.db")}`) &&
        error.message.includes("npm run migrate"),
    );
    assert.equal(existsSync(dataDir), false);
  });

  for (const [what, change, message] of [
    [
      "a newer schema",
      "update gh_schema set version = 999",
      /version 999 but this Gatehouse knows up to 2: upgrade/,
    ],
    ["an unknown schema", "delete from gh_schema", /Gatehouse tables but no schema version/],
    [
      "an old schema",
      "update gh_schema set version = 0",
      /version 0 but this Gatehouse needs 2: run `npm run migrate`/,
    ],
  ] as const) {
    it(`in production refuses ${what} with a clear message, starting nothing`, async () => {
      const database = await migratedDatabase(`refused-${what.replaceAll(" ", "-")}.db`, change);
      const lines: string[] = [];
      await assert.rejects(
        startWebApp({
          env: { ...PRODUCTION, DATABASE_URL: `sqlite:${database}` },
          dataDir: join(dir, "unused"),
          staticDir: dir,
          port: 0,
          log: (line) => lines.push(line),
        }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.startsWith(`Gatehouse web app: cannot use the database (SQLite file ${database}).`) &&
          message.test(error.message),
      );
      assert.deepEqual(lines, []);
    });
  }

  it("in development migrates the SQLite file under the data folder and offers every dev sign-in", async () => {
    const lines: string[] = [];
    const dataDir = join(dir, "dev-data");
    const web = await startWebApp({
      env: { AUTH_KEYCLOAK_ISSUER: "https://id.example.com/realms/main", AUTH_KEYCLOAK_ID: "web" },
      dataDir,
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.equal(web.url, `http://localhost:${web.port}`);
      assert.deepEqual(await providerIds(web), ["keycloak", "dev", "credentials", "email"]);
      assert.ok(web.demo);
      assert.ok(web.devMailbox);
      const database = join(dataDir, "gatehouse.db");
      assert.ok(existsSync(database));
      assert.deepEqual(lines, [
        `created a development secret at ${join(dataDir, "dev-secret")}`,
        `database: SQLite file ${database} (applied 001-initial, 002-client-registrations; schema version 2)`,
        "development mode",
        lines[3],
        `demo credentials: demo / ${web.demo.password}`,
        lines[5],
        `email sign-in: links go to the dev mailbox at ${web.url}/dev/mailbox and this log`,
        `Gatehouse web app on ${web.url}`,
      ]);
      assert.match(lines[3] ?? "", /^development OpenID provider at http:\/\/127\.0\.0\.1:\d+ /);
      assert.match(
        lines[5] ?? "",
        /^bearer API at http:\/\/localhost:\d+\/api\/resource\/whoami; a token: curl /,
      );
    } finally {
      await web.close();
    }
    assert.equal(await fetch(`http://localhost:${web.port}/`).catch(() => "closed"), "closed");
  });

  it("in development with AUTH_EMAIL=false has no email provider and no mailbox", async () => {
    const web = await startWebApp({
      env: { AUTH_EMAIL: "false" },
      dataDir: join(dir, "dev-no-email"),
      staticDir: dir,
      port: 0,
      log: () => {},
    });
    try {
      assert.deepEqual(await providerIds(web), ["dev", "credentials"]);
      assert.equal((await fetch(`${web.url}/dev/mailbox`)).status, 404);
    } finally {
      await web.close();
    }
  });

  it("signs in by email through the dev mailbox, with the session in SQLite", async () => {
    const lines: string[] = [];
    const dataDir = join(dir, "dev-email");
    const web = await startWebApp({
      env: {},
      dataDir,
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      const { me } = await emailSignIn(web.url, "carol@example.test");
      assert.equal(me.user?.email, "carol@example.test");
      assert.ok(lines.some((line) => line.startsWith("[dev mailbox] sign-in link for carol@example.test: ")));
    } finally {
      await web.close();
    }
    // The user and the session are rows in the app's database, and survive the app.
    const adapter = createSqlAdapter({ url: `sqlite:${join(dataDir, "gatehouse.db")}` });
    try {
      const user = await adapter.getUserByEmail("carol@example.test");
      assert.ok(user?.emailVerified instanceof Date);
      const sessions = await adapter.db.kysely
        .selectFrom("gh_sessions")
        .select("user_id")
        .where("user_id", "=", user.id)
        .execute();
      assert.equal(sessions.length, 1);
    } finally {
      await adapter.close();
    }
  });

  it("removes expired sessions at start", async () => {
    const database = await migratedDatabase("expired.db");
    const adapter = createSqlAdapter({ url: database });
    const user = await adapter.createUser({ email: "old@example.test", emailVerified: null });
    await adapter.createSession({
      sessionToken: "stale",
      userId: user.id,
      expires: new Date(Date.now() - 1000),
    });
    await adapter.createSession({
      sessionToken: "fresh",
      userId: user.id,
      expires: new Date(Date.now() + 3600_000),
    });
    await adapter.close();

    const lines: string[] = [];
    const web = await startWebApp({
      env: { ...PRODUCTION, DATABASE_URL: database },
      dataDir: join(dir, "unused"),
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    await web.close();
    assert.ok(lines.includes("removed 1 expired session"), lines.join("\n"));
    const after = createSqlAdapter({ url: database });
    try {
      assert.equal(await after.getSessionAndUser("stale"), null);
      assert.ok(await after.getSessionAndUser("fresh"));
    } finally {
      await after.close();
    }
  });

  it("adds the providers and options of the config file", async () => {
    const configFile = join(dir, "gatehouse.config.mts");
    await writeFile(
      configFile,
      `export default {
        theme: { brandColor: "#0b57d0" },
        providers: [{ id: "staff", name: "Staff", type: "credentials", credentials: {}, authorize: () => null }],
      };`,
    );
    const web = await startWebApp({
      env: { ...PRODUCTION, DATABASE_URL: await migratedDatabase("config.db") },
      dataDir: join(dir, "unused"),
      staticDir: dir,
      configFile,
      port: 0,
      log: () => {},
    });
    try {
      assert.deepEqual(await providerIds(web), ["staff"]);
      const page = await (await fetch(`http://localhost:${web.port}/api/auth/signin`)).text();
      assert.match(page, /#0b57d0/);
    } finally {
      await web.close();
    }
  });

  it("says which port is taken", async () => {
    const env = { ...PRODUCTION, DATABASE_URL: await migratedDatabase("port.db") };
    const first = await startWebApp({
      env,
      dataDir: join(dir, "unused"),
      staticDir: dir,
      port: 0,
      log: () => {},
    });
    try {
      await assert.rejects(
        startWebApp({ env, dataDir: join(dir, "unused"), staticDir: dir, port: first.port, log: () => {} }),
        new RegExp(`port ${first.port} on 127.0.0.1 is in use`),
      );
    } finally {
      await first.close();
    }
  });
});

// The same start-up and email sign-in against the real PostgreSQL, in a schema of its own.
const postgres = await createPostgresTestSchema("gh_web_test");
if (!postgres.ok) {
  postgresUnavailable("startWebApp with DATABASE_URL=postgres://…", postgres.reason);
} else {
  const { url, drop } = postgres.value;
  describe("startWebApp with DATABASE_URL=postgres://…", () => {
    let dataDir: string;
    before(async () => {
      dataDir = await mkdtemp(join(tmpdir(), "gatehouse-start-pg-"));
    });
    after(async () => {
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it("migrates in development and signs in by email through the dev mailbox", async () => {
      const lines: string[] = [];
      const web = await startWebApp({
        env: { DATABASE_URL: url },
        dataDir,
        staticDir: dataDir,
        port: 0,
        log: (line) => lines.push(line),
      });
      try {
        assert.ok(
          lines.includes(
            "database: PostgreSQL at 127.0.0.1:5432/test (applied 001-initial, 002-client-registrations; schema version 2)",
          ),
        );
        assert.equal(existsSync(join(dataDir, "gatehouse.db")), false, "no SQLite file beside it");
        const { me } = await emailSignIn(web.url, "dave@example.test");
        assert.equal(me.user?.email, "dave@example.test");
      } finally {
        await web.close();
      }
    });

    it("in production starts on the migrated schema and refuses it once it is newer", async () => {
      const env = { ...PRODUCTION, DATABASE_URL: url };
      const web = await startWebApp({ env, dataDir, staticDir: dataDir, port: 0, log: () => {} });
      await web.close();

      const adapter = createSqlAdapter({ url });
      try {
        await adapter.db.kysely.updateTable("gh_schema").set({ version: 999 }).execute();
      } finally {
        await adapter.close();
      }
      await assert.rejects(
        startWebApp({ env, dataDir, staticDir: dataDir, port: 0, log: () => {} }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.includes("cannot use the database (PostgreSQL at 127.0.0.1:5432/test)") &&
          error.message.includes("version 999 but this Gatehouse knows up to 2"),
      );
    });
  });
}
