/**
 * Starts each peer server as the runner does (own process, PORT, BENCH_DATA_DIR), waits for its
 * ready line, and checks that its session URL answers the user with the cookie and no user without.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort, startServer } from "../lib/server-process.ts";

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
    const server = await startServer({
      script: fileURLToPath(new URL(peer.script, import.meta.url)),
      port,
      dataDir,
      env: peer.env,
      timeoutMs: WAIT_MS,
    }).catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    try {
      const { ready } = server;
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
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
