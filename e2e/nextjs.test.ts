// The Next.js example (examples/nextjs) as someone would run it: the packages packed into tarballs
// (the packaging test's helpers), the example installed from them in a fresh folder outside the
// repository, `next build`, `next start` on 127.0.0.1 and the example's development provider, then
// Chromium signs in through the provider's login form, sees the session on the server-rendered page
// and in the client component, is turned away from the protected page when signed out, and signs out.
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { cpSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, delimiter, dirname, join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { Browser, Page } from "playwright-core";
import {
  type ConsumerApp,
  packAll,
  registryGatehousePackages,
  root,
  run,
} from "./packaging/consumer-apps.ts";
import { cleanEnv, node24 } from "./packaging/node-runtimes.ts";
import { launchChromium } from "./web-app.ts";

/** What Next.js and npm write into the example folder; a copy starts without them. */
const GENERATED = new Set(["node_modules", ".next", "packed", "next-env.d.ts", "package-lock.json"]);

describe("Next.js example (examples/nextjs) from the packed packages, in Chromium", {
  timeout: 420_000,
}, () => {
  let dir: string;
  let appUrl: string;
  let browser: Browser;
  let fromRegistry: string[] = [];
  const children: ChildProcess[] = [];
  const log: string[] = [];
  const timings: string[] = [];

  before(
    async () => {
      let started = performance.now();
      const lap = (label: string) => {
        timings.push(`${label} ${((performance.now() - started) / 1000).toFixed(1)} s`);
        started = performance.now();
      };
      dir = mkdtempSync(join(tmpdir(), "gatehouse-nextjs-"));
      cpSync(join(root, "examples", "nextjs"), dir, {
        recursive: true,
        filter: (source) => !GENERATED.has(basename(source)),
      });
      // The example's package.json names the tarballs in packed/, as its README packs them.
      mkdirSync(join(dir, "packed"));
      packAll(join(dir, "packed"));
      lap("pack");
      const runtime = node24();
      const node = runtime.binary;
      const env = {
        ...cleanEnv(`${dirname(node)}${delimiter}${process.env.PATH ?? ""}`),
        NEXT_TELEMETRY_DISABLED: "1",
      };
      run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], {
        cwd: dir,
        env,
        timeout: 300_000,
      });
      const app: ConsumerApp = { dir, runtime, env, node: (args) => run(node, args, { cwd: dir, env }) };
      fromRegistry = registryGatehousePackages(app);
      lap("npm install");
      const next = join(dir, "node_modules", "next", "dist", "bin", "next");
      // `next build` loads the route modules, and gatehouse() checks its configuration there: the build
      // needs a secret and, in production, a URL. The running app gets its own below.
      run(node, [next, "build"], {
        cwd: dir,
        env: {
          ...env,
          AUTH_SECRET: randomBytes(33).toString("base64"),
          AUTH_URL: "http://127.0.0.1/api/auth",
        },
        timeout: 300_000,
      });
      lap("next build");

      const port = await freePort();
      appUrl = `http://127.0.0.1:${port}`;
      const provider = start(node, ["dev-provider.ts"], { ...env, APP_URL: appUrl, DEV_PROVIDER_PORT: "0" });
      const issuer = (await outputLine(provider, /^AUTH_DEV_ISSUER=(.+)$/m))[1]!;
      start(node, [next, "start", "--hostname", "127.0.0.1", "--port", String(port)], {
        ...env,
        AUTH_SECRET: randomBytes(33).toString("base64"),
        AUTH_URL: `${appUrl}/api/auth`,
        AUTH_DEV_ISSUER: issuer,
      });
      await waitForOk(`${appUrl}/api/auth/providers`).catch((error: unknown) => {
        console.error(`Next.js and dev provider output:\n${log.join("\n")}`);
        throw error;
      });
      browser = await launchChromium();
      lap("start");
    },
    { timeout: 420_000 },
  );

  after(async () => {
    await browser?.close();
    await Promise.all(children.map(stop));
    if (dir) rmSync(dir, { recursive: true, force: true });
    console.log(`Next.js example: ${timings.join(", ")}`);
  });

  /** Starts a process in the example folder, in its own group (so stopping it stops its workers too). */
  function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    const child = spawn(command, args, { cwd: dir, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8").on("data", (chunk: string) => log.push(chunk.trimEnd()));
    }
    return child;
  }

  async function statusLines(page: Page, server: string, client: string): Promise<void> {
    await page.getByTestId("server-session").filter({ hasText: server }).waitFor();
    // The client component loads the session in the browser (GET /api/auth/session through @gatehouse/react).
    await page.getByTestId("client-session").filter({ hasText: client }).waitFor();
  }

  it("installs every @gatehouse package from the tarballs, never from the registry", () => {
    assert.deepEqual(fromRegistry, []);
  });

  it("signs in through the dev provider, shows the session on the server and in the client, guards /protected, signs out", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(appUrl);
      await statusLines(page, "Server: not signed in.", "Client: not signed in.");

      // Signed out, the proxy sends /protected to the sign-in page with the way back, and /api/me is a 401.
      await page.goto(`${appUrl}/protected`);
      assert.equal(page.url(), `${appUrl}/api/auth/signin?callbackUrl=%2Fprotected`);
      assert.equal(await page.getByRole("heading", { level: 1 }).textContent(), "Sign in");
      const signedOutApi = await context.request.get(`${appUrl}/api/me`);
      assert.equal(signedOutApi.status(), 401);
      assert.deepEqual(await signedOutApi.json(), { error: "SessionRequired" });

      // Sign in from the home page: signIn("dev") of @gatehouse/react in a client component.
      await page.goto(appUrl);
      await page.getByRole("button", { name: "Sign in with the development provider" }).click();
      await page.waitForURL(/\/interaction\//);
      await page.getByLabel("User name").fill("Alice Example");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${appUrl}/`);
      await statusLines(
        page,
        "Server: signed in as Alice Example (alice-example@example.test)",
        "Client: signed in as Alice Example (alice-example@example.test)",
      );

      // Signed in, the proxy lets the client-side navigation through.
      await page.getByRole("link", { name: "Protected page" }).click();
      await page.getByRole("heading", { name: "Protected page" }).waitFor();
      assert.equal(await page.getByTestId("protected-email").textContent(), "alice-example@example.test");
      const signedInApi = await context.request.get(`${appUrl}/api/me`);
      assert.deepEqual(await signedInApi.json(), { email: "alice-example@example.test" });

      // Sign out: signOut() of @gatehouse/react, back to the home page.
      await page.getByRole("link", { name: "Home" }).click();
      await page.getByRole("button", { name: "Sign out" }).click();
      await statusLines(page, "Server: not signed in.", "Client: not signed in.");
      assert.equal((await context.request.get(`${appUrl}/api/me`)).status(), 401);

      // And the way back from the protected page: the built-in sign-in page returns there. The
      // provider still has its own session for Alice, so it answers without its form this time.
      await page.goto(`${appUrl}/protected`);
      await page.getByRole("button", { name: "Sign in with Development provider" }).click();
      await page.waitForURL(`${appUrl}/protected`);
      assert.equal(await page.getByTestId("protected-email").textContent(), "alice-example@example.test");
    } catch (error) {
      console.error(`Next.js and dev provider output:\n${log.join("\n")}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});

/** A port nothing listens on right now, for `next start`, which takes no port 0. */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The first match of `pattern` in the process's stdout. */
async function outputLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  let seen = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: string) => {
      seen += chunk;
      const match = pattern.exec(seen);
      if (match) {
        child.stdout?.off("data", onData);
        resolve(match);
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${seen}`)));
  });
}

/** Polls `url` until it answers 200 (Next.js takes a moment to listen). */
async function waitForOk(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a process group this test started: SIGTERM, and SIGKILL when it lingers. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const group = -child.pid;
  const exited = once(child, "exit");
  signal(group, "SIGTERM");
  const timer = setTimeout(() => signal(group, "SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

function signal(group: number, name: NodeJS.Signals): void {
  try {
    process.kill(group, name);
  } catch {
    // already gone
  }
}
