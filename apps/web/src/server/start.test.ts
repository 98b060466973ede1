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
import { passwordSignIn } from "./testing/password-sign-in.ts";

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
      assert.deepEqual(await providerIds(web), ["passkey"]);
      assert.equal((await fetch(`http://localhost:${web.port}/dev/mailbox`)).status, 404);
      assert.deepEqual(lines, [
        `database: SQLite file ${database}`,
        "production mode",
        "password accounts: off, as they need mail to confirm addresses and reset passwords: set SMTP_URL and EMAIL_FROM (and not AUTH_EMAIL=false)",
        "passkeys: on for app.example.com",
        "admin console at https://app.example.com/admin for users with the admin role; none yet? set AUTH_ADMIN_EMAILS",
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
      /version 999 but this Gatehouse knows up to 9: upgrade/,
    ],
    ["an unknown schema", "delete from gh_schema", /Gatehouse tables but no schema version/],
    [
      "an old schema",
      "update gh_schema set version = 0",
      /version 0 but this Gatehouse needs 9: run `npm run migrate`/,
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
      assert.deepEqual(await providerIds(web), ["keycloak", "dev", "email", "password", "passkey"]);
      assert.ok(web.demo);
      assert.ok(web.devMailbox);
      const database = join(dataDir, "gatehouse.db");
      assert.ok(existsSync(database));
      assert.deepEqual(lines, [
        `created a development secret at ${join(dataDir, "dev-secret")}`,
        `database: SQLite file ${database} (applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; schema version 9)`,
        "development mode",
        lines[3],
        `demo account: demo@example.test / ${web.demo.password}`,
        lines[5],
        `email sign-in: links go to the dev mailbox at ${web.url}/dev/mailbox and this log`,
        `password accounts: sign up at ${web.url}/api/auth/signup`,
        "passkeys: on for localhost, with passkey-only sign-up",
        `admin console at ${web.url}/admin for demo@example.test (once verified), and users with the admin role`,
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

  it("in development with AUTH_EMAIL=false has no mail: no email sign-in, no password accounts, no demo account", async () => {
    const lines: string[] = [];
    const web = await startWebApp({
      env: { AUTH_EMAIL: "false" },
      dataDir: join(dir, "dev-no-email"),
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.deepEqual(await providerIds(web), ["dev", "passkey"]);
      assert.equal(web.demo, null);
      assert.equal((await fetch(`${web.url}/dev/mailbox`)).status, 404);
      assert.ok(
        lines.includes(
          "password accounts: off, as they need mail to confirm addresses and reset passwords: set SMTP_URL and EMAIL_FROM (and not AUTH_EMAIL=false)",
        ),
      );
      assert.ok(!lines.some((line) => line.startsWith("demo account")));
    } finally {
      await web.close();
    }
  });

  it("with AUTH_PASSWORD=false keeps email sign-in but offers no password accounts", async () => {
    const lines: string[] = [];
    const web = await startWebApp({
      env: { AUTH_PASSWORD: "false" },
      dataDir: join(dir, "dev-no-password"),
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.deepEqual(await providerIds(web), ["dev", "email", "passkey"]);
      assert.equal(web.demo, null);
      assert.ok(lines.includes("password accounts: off (AUTH_PASSWORD=false)"));
      // Passkey sign-up mails its link as password accounts do: without them, sign-in only.
      assert.ok(lines.includes("passkeys: on for localhost"));
      assert.equal((await fetch(`${web.url}/api/auth/passkey-signup`)).status, 404);
    } finally {
      await web.close();
    }
  });

  it("AUTH_PASSKEYS=false turns passkeys off; an IP address as the public host does too, saying why", async () => {
    for (const [env, line] of [
      [{ AUTH_PASSKEYS: "false" }, "passkeys: off (AUTH_PASSKEYS=false)"],
      [
        { AUTH_URL: "http://127.0.0.1:1/api/auth" },
        "passkeys: off, as browsers refuse them on an IP address (127.0.0.1): open the app as http://localhost:<port>, or set AUTH_URL to a host name",
      ],
    ] as const) {
      const lines: string[] = [];
      const web = await startWebApp({
        env,
        dataDir: join(dir, `dev-no-passkeys-${lines.length}-${env.AUTH_PASSKEYS ?? "ip"}`),
        staticDir: dir,
        port: 0,
        log: (text) => lines.push(text),
      });
      try {
        assert.ok(lines.includes(line), lines.join("\n"));
        assert.ok(!(await providerIds(web)).includes("passkey"));
        assert.equal((await fetch(`http://localhost:${web.port}/api/auth/passkeys`)).status, 404);
      } finally {
        await web.close();
      }
    }
  });

  it("in production with SMTP offers password accounts, and no demo account", async () => {
    const lines: string[] = [];
    const web = await startWebApp({
      env: {
        ...PRODUCTION,
        DATABASE_URL: await migratedDatabase("production-smtp.db"),
        SMTP_URL: "smtp://127.0.0.1:1",
        EMAIL_FROM: "Gatehouse <no-reply@example.test>",
      },
      dataDir: join(dir, "unused"),
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.deepEqual(await providerIds(web), ["email", "password", "passkey"]);
      assert.equal(web.demo, null);
      assert.ok(lines.includes("password accounts: sign up at http://localhost:1/api/auth/signup"));
      const signUp = await fetch(`http://localhost:${web.port}/api/auth/signup`);
      assert.equal(signUp.status, 200);
      assert.match(await signUp.text(), /<h1>Create an account<\/h1>/);
    } finally {
      await web.close();
    }
  });

  it("signs the demo account in with the logged password; a wrong one is CredentialsSignin", async () => {
    const web = await startWebApp({
      env: {},
      dataDir: join(dir, "dev-demo"),
      staticDir: dir,
      port: 0,
      log: () => {},
    });
    try {
      assert.ok(web.demo);
      const wrong = await passwordSignIn(web.url, { ...web.demo, password: `${web.demo.password}x` });
      assert.match(wrong.location, /\/api\/auth\/signin\?error=CredentialsSignin/);
      const { location, me } = await passwordSignIn(web.url, web.demo);
      assert.equal(location, `${web.url}/protected`);
      assert.deepEqual(me?.user, { name: "Demo User", email: "demo@example.test", image: null });
    } finally {
      await web.close();
    }
  });

  it("in development makes the demo account an administrator, beside AUTH_ADMIN_EMAILS and the config file's", async () => {
    const configFile = join(dir, "admin.config.mts");
    await writeFile(configFile, 'export default { admin: { bootstrapEmails: ["ops@example.test"] } };');
    const lines: string[] = [];
    const web = await startWebApp({
      env: { AUTH_ADMIN_EMAILS: "root@example.test,OPS@example.test" },
      dataDir: join(dir, "dev-admin"),
      staticDir: dir,
      configFile,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.ok(web.demo);
      assert.ok(
        lines.includes(
          `admin console at ${web.url}/admin for ops@example.test, root@example.test, demo@example.test (once verified), and users with the admin role`,
        ),
        lines.join("\n"),
      );
      const { cookie } = await passwordSignIn(web.url, web.demo);
      const account = await fetch(`${web.url}/api/auth/account`, { headers: { cookie } });
      const { user } = (await account.json()) as { user: { admin: boolean; role: string | null } };
      assert.deepEqual(
        { admin: user.admin, role: user.role },
        { admin: true, role: null },
        "by address, nothing stored",
      );
      const overview = await fetch(`${web.url}/api/auth/admin-overview`, { headers: { cookie } });
      assert.equal(overview.status, 200);
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
      assert.deepEqual(await providerIds(web), ["staff", "passkey"]);
      const page = await (await fetch(`http://localhost:${web.port}/api/auth/signin`)).text();
      assert.match(page, /#0b57d0/);
    } finally {
      await web.close();
    }
  });

  it("tells the UI's page the config file's forced language and offered ones, as core's pages follow them", async () => {
    const configFile = join(dir, "gatehouse.i18n.config.mts");
    await writeFile(configFile, 'export default { i18n: { locales: ["en", "de"], locale: "de" } };');
    const staticDir = await mkdtemp(join(dir, "ui-"));
    await writeFile(
      join(staticDir, "index.html"),
      '<!doctype html><html lang="en"><head></head><body></body></html>',
    );
    const web = await startWebApp({
      env: { ...PRODUCTION, DATABASE_URL: await migratedDatabase("i18n.db") },
      dataDir: join(dir, "unused"),
      staticDir,
      configFile,
      port: 0,
      log: () => {},
    });
    try {
      const origin = `http://localhost:${web.port}`;
      const page = await (await fetch(`${origin}/account`, { headers: { "accept-language": "fr" } })).text();
      assert.equal(
        page,
        '<!doctype html><html lang="de"><head><meta name="gatehouse-locale" content="de" /><meta name="gatehouse-locales" content="en de" /></head><body></body></html>',
      );
      const signIn = await (await fetch(`${origin}/api/auth/signin`)).text();
      assert.match(signIn, /<html lang="de"/);
    } finally {
      await web.close();
    }
  });

  it("lets the config file's Password provider replace the built-in one (core allows one)", async () => {
    const configFile = join(dir, "gatehouse.password.config.mts");
    await writeFile(
      configFile,
      `export default {
        providers: [{ id: "accounts", name: "Accounts", type: "password", sendMail: async () => {} }],
      };`,
    );
    const lines: string[] = [];
    const web = await startWebApp({
      env: {},
      dataDir: join(dir, "dev-config-password"),
      staticDir: dir,
      configFile,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.deepEqual(await providerIds(web), ["dev", "email", "accounts", "passkey"]);
      assert.ok(lines.includes("password accounts: the config file's Password provider"));
      // The demo account is storage, not a provider: it signs in through the config file's one.
      assert.ok(web.demo);
      const { me } = await passwordSignIn(web.url, { ...web.demo, provider: "accounts" });
      assert.equal(me?.user?.email, "demo@example.test");
    } finally {
      await web.close();
    }
  });

  it("passes the socket address on: the config file's lower per-address limit answers 429", async () => {
    const configFile = join(dir, "gatehouse.limits.config.mts");
    await writeFile(
      configFile,
      `export default { rateLimit: { rules: { passwordSignIn: { ip: { limit: 2, windowMs: 60000 } } } } };`,
    );
    const web = await startWebApp({
      env: {},
      dataDir: join(dir, "dev-limits"),
      staticDir: dir,
      configFile,
      port: 0,
      log: () => {},
    });
    try {
      // Each attempt names another address, so only the per-address (client IP) limit can refuse.
      const attempt = (n: number) =>
        passwordSignIn(web.url, { email: `guess-${n}@example.test`, password: "wrong password" });
      assert.match((await attempt(1)).location, /error=CredentialsSignin/);
      assert.match((await attempt(2)).location, /error=CredentialsSignin/);
      const third = await attempt(3);
      // Refused: redirected after POST to the 429 page (issue 23; it was the 429 itself).
      assert.equal(third.status, 303);
      assert.match(third.location, /\/api\/auth\/error\?error=RateLimited&until=\d+&scope=network$/);
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
            "database: PostgreSQL at 127.0.0.1:5432/test (applied 001-initial, 002-client-registrations, 003-password-accounts, 004-passkeys-two-factor, 005-disabled-users, 006-session-records-audit, 007-roles-user-list, 008-security-generation, 009-session-second-factor; schema version 9)",
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
          error.message.includes("version 999 but this Gatehouse knows up to 9"),
      );
    });
  });
}
