import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { databaseTimeoutsFrom, databaseUrlFrom, loadSettings } from "./settings.ts";

const dataDir = "/tmp/gatehouse-web-test";
const SECRET = "s".repeat(40);

describe("loadSettings", () => {
  it("with nothing configured runs in development on 127.0.0.1:3000", () => {
    const settings = loadSettings({}, { dataDir });
    assert.equal(settings.mode, "development");
    assert.equal(settings.port, 3000);
    assert.equal(settings.host, "127.0.0.1");
    assert.equal(settings.authUrl, undefined);
    assert.deepEqual(settings.secrets, []);
    assert.deepEqual(settings.providers, []);
    assert.equal(settings.devProviderPort, 0);
    assert.equal(settings.dataDir, dataDir);
    assert.equal(settings.databaseUrl, "sqlite:/tmp/gatehouse-web-test/gatehouse.db");
    assert.deepEqual(settings.databaseTimeouts, {}, "the adapter's defaults");
    assert.deepEqual(settings.email, { kind: "dev-mailbox" });
    assert.equal(settings.passwords, true);
    assert.deepEqual(settings.adminEmails, []);
  });

  it("reads AUTH_ADMIN_EMAILS as a comma-separated list, and refuses what is no address", () => {
    assert.deepEqual(
      loadSettings({ AUTH_ADMIN_EMAILS: " ada@example.test, ,Root@Example.test " }, { dataDir }).adminEmails,
      ["ada@example.test", "Root@Example.test"],
    );
    assert.throws(
      () => loadSettings({ AUTH_ADMIN_EMAILS: "ada@example.test root@example.test,admin" }, { dataDir }),
      /AUTH_ADMIN_EMAILS must list email addresses, separated by commas; not addresses: "ada@example\.test root@example\.test", "admin"\./,
    );
  });

  it("AUTH_PASSWORD=false turns password accounts off; other values are refused", () => {
    assert.equal(loadSettings({ AUTH_PASSWORD: "false" }, { dataDir }).passwords, false);
    assert.equal(loadSettings({ AUTH_PASSWORD: " TRUE " }, { dataDir }).passwords, true);
    assert.equal(loadSettings({ AUTH_PASSWORD: "" }, { dataDir }).passwords, true);
    assert.throws(
      () => loadSettings({ AUTH_PASSWORD: "off" }, { dataDir }),
      /AUTH_PASSWORD must be true or false, got "off"/,
    );
  });

  it("reads PORT, HOST, DEV_PROVIDER_PORT, AUTH_URL, AUTH_TRUST_HOST and rotated secrets", () => {
    const settings = loadSettings(
      {
        PORT: "8080",
        HOST: "0.0.0.0",
        DEV_PROVIDER_PORT: "9090",
        AUTH_URL: "https://app.example.com/api/auth",
        AUTH_TRUST_HOST: "true",
        AUTH_SECRET: SECRET,
        AUTH_SECRET_1: "o".repeat(40),
      },
      { dataDir },
    );
    assert.equal(settings.port, 8080);
    assert.equal(settings.host, "0.0.0.0");
    assert.equal(settings.devProviderPort, 9090);
    assert.equal(settings.authUrl, "https://app.example.com/api/auth");
    assert.equal(settings.trustHost, true);
    assert.deepEqual(settings.secrets, [SECRET, "o".repeat(40)]);
  });

  it("refuses a PORT that is not a port number", () => {
    assert.throws(() => loadSettings({ PORT: "http" }, { dataDir }), /PORT must be a port number/);
    assert.throws(() => loadSettings({ PORT: "70000" }, { dataDir }), /PORT must be a port number/);
  });

  describe("production (NODE_ENV=production)", () => {
    it("refuses to start without a secret and a base URL, naming both variables", () => {
      assert.throws(
        () => loadSettings({ NODE_ENV: "production" }, { dataDir }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.includes("needs AUTH_SECRET and AUTH_URL") &&
          error.message.includes("Missing: AUTH_SECRET, AUTH_URL.") &&
          error.message.includes("AUTH_TRUST_HOST=true"),
      );
    });

    it("names only what is missing", () => {
      assert.throws(
        () => loadSettings({ NODE_ENV: "production", AUTH_SECRET: SECRET }, { dataDir }),
        /Missing: AUTH_URL\.$/m,
      );
      assert.throws(
        () =>
          loadSettings({ NODE_ENV: "production", AUTH_URL: "https://app.example.com/api/auth" }, { dataDir }),
        /Missing: AUTH_SECRET\.$/m,
      );
    });

    it("AUTH_TRUST_HOST does not replace AUTH_URL", () => {
      assert.throws(
        () =>
          loadSettings({ NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_TRUST_HOST: "true" }, { dataDir }),
        /Missing: AUTH_URL\.$/m,
      );
    });

    it("starts with both", () => {
      const settings = loadSettings(
        { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com/api/auth" },
        { dataDir },
      );
      assert.equal(settings.mode, "production");
    });
  });

  describe("OIDC providers from AUTH_<ID>_ISSUER + AUTH_<ID>_ID", () => {
    it("turns each pair into a provider with a lowercased id and a capitalised name", () => {
      const { providers } = loadSettings(
        {
          AUTH_KEYCLOAK_ISSUER: "https://id.example.com/realms/main",
          AUTH_KEYCLOAK_ID: "web",
          AUTH_KEYCLOAK_SECRET: "kc-secret",
          AUTH_MY_IDP_ISSUER: "https://idp.example.org",
          AUTH_MY_IDP_ID: "gatehouse",
        },
        { dataDir },
      );
      assert.deepEqual(
        providers.map((p) => ({
          id: p.id,
          name: p.name,
          type: p.type,
          issuer: p.issuer,
          clientId: p.clientId,
          clientSecret: p.clientSecret,
        })),
        [
          {
            id: "keycloak",
            name: "Keycloak",
            type: "oidc",
            issuer: "https://id.example.com/realms/main",
            clientId: "web",
            clientSecret: "kc-secret",
          },
          {
            id: "my_idp",
            name: "My idp",
            type: "oidc",
            issuer: "https://idp.example.org",
            clientId: "gatehouse",
            clientSecret: undefined,
          },
        ],
      );
    });

    it("skips an issuer without a client id, and an id without an issuer", () => {
      const { providers } = loadSettings(
        { AUTH_LONELY_ISSUER: "https://lonely.example", AUTH_GITHUB_ID: "abc", AUTH_GITHUB_SECRET: "x" },
        { dataDir },
      );
      assert.deepEqual(providers, []);
    });
  });

  describe("DATABASE_URL", () => {
    it("defaults to a SQLite file under the data folder", () => {
      assert.equal(databaseUrlFrom({}, "/srv/app/.data"), "sqlite:/srv/app/.data/gatehouse.db");
      assert.equal(
        databaseUrlFrom({ DATABASE_URL: " " }, "/srv/app/.data"),
        "sqlite:/srv/app/.data/gatehouse.db",
      );
    });

    it("takes a PostgreSQL URL (or any other) as given, in either mode", () => {
      const url = "postgres://gatehouse:pw@db.internal:5432/gatehouse?sslmode=require";
      assert.equal(loadSettings({ DATABASE_URL: url }, { dataDir }).databaseUrl, url);
      const production = loadSettings(
        {
          NODE_ENV: "production",
          AUTH_SECRET: SECRET,
          AUTH_URL: "https://app.example.com/api/auth",
          DATABASE_URL: url,
        },
        { dataDir },
      );
      assert.equal(production.databaseUrl, url);
      assert.equal(
        loadSettings({ DATABASE_URL: "sqlite:/var/lib/x.db" }, { dataDir }).databaseUrl,
        "sqlite:/var/lib/x.db",
      );
    });
  });

  describe("DATABASE_*_TIMEOUT_MS", () => {
    it("reads the PostgreSQL time-outs that are set, in milliseconds; 0 turns one off", () => {
      const settings = loadSettings(
        {
          DATABASE_CONNECT_TIMEOUT_MS: "1500",
          DATABASE_STATEMENT_TIMEOUT_MS: " 10000 ",
          DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "0",
          DATABASE_FAIL_FAST_MS: "",
        },
        { dataDir },
      );
      assert.deepEqual(settings.databaseTimeouts, {
        connectTimeoutMs: 1500,
        statementTimeoutMs: 10000,
        idleInTransactionTimeoutMs: 0,
      });
      assert.deepEqual(databaseTimeoutsFrom({ DATABASE_FAIL_FAST_MS: "250" }), { failFastMs: 250 });
    });

    it("refuses a value that is not whole milliseconds, naming the variable", () => {
      for (const value of ["5s", "-1", "2.5", "1e3"]) {
        assert.throws(
          () => loadSettings({ DATABASE_STATEMENT_TIMEOUT_MS: value }, { dataDir }),
          (error: unknown) =>
            error instanceof TypeError &&
            error.message ===
              `Gatehouse web app: DATABASE_STATEMENT_TIMEOUT_MS must be a whole number of milliseconds (0 turns it off), got ${JSON.stringify(value)}.`,
        );
      }
    });
  });

  describe("email sign-in", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: SECRET,
      AUTH_URL: "https://app.example.com/api/auth",
    };
    const smtp = {
      SMTP_URL: "smtps://user:pw@smtp.example.com:465",
      EMAIL_FROM: "Example <no-reply@example.com>",
    };

    it("goes to the dev mailbox in development and is off in production, without SMTP", () => {
      assert.deepEqual(loadSettings({}, { dataDir }).email, { kind: "dev-mailbox" });
      assert.deepEqual(loadSettings(production, { dataDir }).email, { kind: "off" });
    });

    it("uses SMTP_URL and EMAIL_FROM when both are set, in either mode", () => {
      const expected = { kind: "smtp", server: smtp.SMTP_URL, from: smtp.EMAIL_FROM };
      assert.deepEqual(loadSettings(smtp, { dataDir }).email, expected);
      assert.deepEqual(loadSettings({ ...production, ...smtp }, { dataDir }).email, expected);
    });

    it("refuses one of SMTP_URL and EMAIL_FROM without the other, without echoing the URL", () => {
      assert.throws(
        () => loadSettings({ ...production, SMTP_URL: smtp.SMTP_URL }, { dataDir }),
        (error: unknown) =>
          error instanceof TypeError &&
          error.message.includes("needs both SMTP_URL and EMAIL_FROM. Missing: EMAIL_FROM.") &&
          !error.message.includes("user:pw"),
      );
      assert.throws(() => loadSettings({ EMAIL_FROM: smtp.EMAIL_FROM }, { dataDir }), /Missing: SMTP_URL\./);
    });

    it("AUTH_EMAIL=false turns it off, even with SMTP; other values are refused", () => {
      assert.deepEqual(loadSettings({ AUTH_EMAIL: "false" }, { dataDir }).email, { kind: "off" });
      assert.deepEqual(loadSettings({ ...smtp, AUTH_EMAIL: "false" }, { dataDir }).email, { kind: "off" });
      assert.deepEqual(loadSettings({ AUTH_EMAIL: "true" }, { dataDir }).email, { kind: "dev-mailbox" });
      assert.throws(
        () => loadSettings({ AUTH_EMAIL: "no" }, { dataDir }),
        /AUTH_EMAIL must be true or false/,
      );
    });
  });
});
