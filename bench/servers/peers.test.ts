/**
 * Starts each peer server as the runner does (own process, PORT, BENCH_DATA_DIR), waits for its
 * ready line, and checks that its session URL answers the user with the cookie and no user without.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { parseReadyLine, type ReadyLine } from "../lib/ready.ts";

const WAIT_MS = 30_000;

interface Peer {
  name: string;
  script: string;
  env: Record<string, string>;
  /** The body GET session answers without a cookie. */
  signedOut: (body: unknown) => boolean;
  /** A cookie the first signed-in answer must set, if any. */
  setsCookie?: string;
}

const authjsSignedOut = (body: unknown) =>
  body === null || (typeof body === "object" && Object.keys(body).length === 0);

const peers: Peer[] = [
  { name: "authjs-jwt", script: "authjs-jwt.ts", env: {}, signedOut: authjsSignedOut },
  { name: "better-auth", script: "better-auth.ts", env: {}, signedOut: (body) => body === null },
  {
    name: "better-auth (cookie cache)",
    script: "better-auth.ts",
    env: { BENCH_COOKIE_CACHE: "1" },
    signedOut: (body) => body === null,
    setsCookie: "better-auth.session_data=",
  },
];

for (const peer of peers) {
  test(`${peer.name}: announces ready and answers GET session`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-bench-"));
    const port = await freePort();
    const child = spawn(process.execPath, [fileURLToPath(new URL(peer.script, import.meta.url))], {
      env: { ...process.env, ...peer.env, PORT: String(port), BENCH_DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    try {
      const ready = await waitForReady(child, () => stderr);
      assert.equal(new URL(ready.url).port, String(port));
      assert.match(ready.version, /\d+\.\d+\.\d+/);

      const signedIn = await fetch(ready.url, { headers: { cookie: ready.cookie } });
      assert.equal(signedIn.status, 200);
      assert.ok((await signedIn.text()).includes(ready.expect), "the body holds the user");
      if (peer.setsCookie) {
        const name = peer.setsCookie;
        assert.ok(
          signedIn.headers.getSetCookie().some((line) => line.startsWith(name)),
          `sets ${name}`,
        );
      }

      const signedOut = await fetch(ready.url);
      assert.equal(signedOut.status, 200);
      const text = await signedOut.text();
      assert.ok(!text.includes(ready.expect), "no user without the cookie");
      assert.ok(peer.signedOut(JSON.parse(text)), `no session without the cookie: ${text}`);
    } finally {
      await kill(child);
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}

/** A port nothing listens on right now: bind port 0, read it, close. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no TCP address");
  return address.port;
}

/** The child's ready line; rejects when it exits first or after WAIT_MS. */
function waitForReady(child: ChildProcess, stderr: () => string): Promise<ReadyLine> {
  const stdout = child.stdout;
  if (!stdout) return Promise.reject(new Error("no stdout"));
  return new Promise<ReadyLine>((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    const finish = (error: Error | null, ready?: ReadyLine) => {
      clearTimeout(timer);
      lines.close();
      child.off("exit", onExit);
      if (ready) resolve(ready);
      else reject(error);
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      finish(new Error(`exited (${code ?? signal}) before its ready line:\n${stderr()}`));
    const timer = setTimeout(
      () => finish(new Error(`no ready line within ${WAIT_MS} ms:\n${stderr()}`)),
      WAIT_MS,
    );
    child.once("exit", onExit);
    lines.on("line", (line) => {
      const ready = parseReadyLine(line);
      if (ready) finish(null, ready);
    });
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within 5 s. */
async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}
