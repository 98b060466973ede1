import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { startWebApp } from "./start.ts";

const SECRET = "a-production-secret-that-is-long-enough";

describe("startWebApp", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "gatehouse-start-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function providerIds(port: number): Promise<string[]> {
    const response = await fetch(`http://localhost:${port}/api/auth/providers`);
    return Object.keys((await response.json()) as object);
  }

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

  it("in production never starts the development provider, demo user or dev secret", async () => {
    const lines: string[] = [];
    const dataDir = join(dir, "prod-data");
    const web = await startWebApp({
      env: { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "https://app.example.com/api/auth" },
      dataDir,
      staticDir: dir,
      port: 0,
      log: (line) => lines.push(line),
    });
    try {
      assert.equal(web.url, "https://app.example.com");
      assert.equal(web.demo, null);
      assert.deepEqual(await providerIds(web.port), []);
      assert.deepEqual(lines, ["production mode", "Gatehouse web app on https://app.example.com"]);
      assert.equal(existsSync(dataDir), false, "no development secret is written");
    } finally {
      await web.close();
    }
  });

  it("in development keeps a secret, starts the dev provider and a demo user, and logs them", async () => {
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
      assert.deepEqual(await providerIds(web.port), ["keycloak", "dev", "credentials"]);
      assert.ok(web.demo);
      assert.equal(lines[0], `created a development secret at ${join(dataDir, "dev-secret")}`);
      assert.equal(lines[1], "development mode");
      assert.match(lines[2] ?? "", /^development OpenID provider at http:\/\/127\.0\.0\.1:\d+ /);
      assert.equal(lines[3], `demo credentials: demo / ${web.demo.password}`);
      assert.equal(lines[4], `Gatehouse web app on ${web.url}`);
    } finally {
      await web.close();
    }
    assert.equal(await fetch(`http://localhost:${web.port}/`).catch(() => "closed"), "closed");
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
      env: { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "http://localhost:1/api/auth" },
      dataDir: join(dir, "unused"),
      staticDir: dir,
      configFile,
      port: 0,
      log: () => {},
    });
    try {
      assert.deepEqual(await providerIds(web.port), ["staff"]);
      const page = await (await fetch(`http://localhost:${web.port}/api/auth/signin`)).text();
      assert.match(page, /#0b57d0/);
    } finally {
      await web.close();
    }
  });

  it("says which port is taken", async () => {
    const first = await startWebApp({
      env: { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "http://localhost:1/api/auth" },
      dataDir: join(dir, "unused"),
      staticDir: dir,
      port: 0,
      log: () => {},
    });
    try {
      await assert.rejects(
        startWebApp({
          env: { NODE_ENV: "production", AUTH_SECRET: SECRET, AUTH_URL: "http://localhost:1/api/auth" },
          dataDir: join(dir, "unused"),
          staticDir: dir,
          port: first.port,
          log: () => {},
        }),
        new RegExp(`port ${first.port} on 127.0.0.1 is in use`),
      );
    } finally {
      await first.close();
    }
  });
});
