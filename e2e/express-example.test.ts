// The Express example (examples/express) as someone outside the repository gets it: the packages
// packed as published (e2e/packaging), the example installed from those tarballs into a temporary
// copy (no workspace links, no source condition), started on 127.0.0.1 with the development
// provider, and signed in through the provider's login form in Chromium.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser } from "playwright-core";
import {
  type ConsumerApp,
  packAll,
  registryGatehousePackages,
  root,
  run,
} from "./packaging/consumer-apps.ts";
import { cleanEnv, node24 } from "./packaging/node-runtimes.ts";
import { launchChromium } from "./web-app.ts";

describe("examples/express in Chromium", () => {
  let dir = "";
  let app: ConsumerApp;
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  let origin = "";
  const serverLog: string[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-express-example-"));
    cpSync(join(root, "examples", "express"), dir, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|packed|package-lock\.json)$/.test(source),
    });
    // The example's package.json names the tarballs in packed/, as its README packs them.
    mkdirSync(join(dir, "packed"));
    packAll(join(dir, "packed"));
    const runtime = node24();
    const env = cleanEnv(`${dirname(runtime.binary)}${delimiter}${process.env.PATH ?? ""}`);
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: dir,
      env,
      timeout: 300_000,
    });
    app = { dir, runtime, env, node: (args) => run(runtime.binary, args, { cwd: dir, env }) };

    const port = await freePort();
    server = spawn(runtime.binary, ["server.ts"], { cwd: dir, env: { ...env, PORT: String(port) } });
    origin = await listening(server, serverLog);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await once(server, "exit");
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("installs every @gatehouse package from the tarballs, never from the registry", () => {
    assert.deepEqual(registryGatehousePackages(app), []);
  });

  it("signs in through the development provider, opens the protected page and signs out", async () => {
    assert.ok(browser);
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    try {
      // Signed out, the protected page sends the browser to sign in, with the way back.
      await page.goto(`${origin}/protected`);
      assert.equal(page.url(), `${origin}/api/auth/signin?callbackUrl=%2Fprotected`);
      await page.getByRole("button", { name: "Sign in with Development provider" }).click();

      // The development provider's own login form, on its own origin.
      await page.waitForURL(/\/interaction\//);
      await page.getByLabel("User name").fill("Grace Hopper");
      await page.getByRole("button", { name: "Sign in" }).click();

      await page.waitForURL(`${origin}/protected`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Protected page");
      assert.equal(await page.getByTestId("user").textContent(), "Grace Hopper");

      await page.getByRole("link", { name: "Home" }).click();
      await page.getByText("Signed in as Grace Hopper").waitFor();

      // The built-in confirmation page, then its button (a POST with the CSRF token).
      await page.getByRole("link", { name: "Sign out" }).click();
      await page.waitForURL(`${origin}/api/auth/signout**`);
      await page.getByRole("button", { name: "Sign out" }).click();
      await page.waitForURL(`${origin}/`);
      await page.getByText("You are not signed in.").waitFor();

      await page.goto(`${origin}/protected`);
      assert.equal(page.url(), `${origin}/api/auth/signin?callbackUrl=%2Fprotected`);
    } catch (error) {
      console.error(`example server log:\n${serverLog.join("")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});

/** A port nothing listens on right now (the example takes its port from PORT). */
async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Resolves with the example's origin once it logs that it listens; rejects if it exits first. */
function listening(server: ChildProcess, log: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the example did not start:\n${log.join("")}`)), 20_000);
    const read = (chunk: Buffer) => {
      log.push(chunk.toString());
      const found = /Listening on (http:\/\/\S+)/.exec(log.join(""));
      if (found?.[1]) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    server.stdout?.on("data", read);
    server.stderr?.on("data", read);
    server.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the example exited (${code}):\n${log.join("")}`));
    });
  });
}
