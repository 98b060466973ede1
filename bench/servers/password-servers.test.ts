/**
 * The password sign-in servers measure real sign-ins: each starts as the runner starts it, every
 * sign-in with the seeded password gets a session of its own that GET session accepts, and a wrong
 * password gets none (so the load cannot be counting refusals).
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { passwordUser, signInWithPassword } from "../lib/password-sign-in.ts";
import { freePort, startServer } from "../lib/server-process.ts";
import { signInSpecs } from "../lib/servers.ts";

/** How each protocol refuses a wrong password (`signInWithPassword` puts it in its error). */
const refusal = {
  gatehouse: /: 302 to \S*error=CredentialsSignin/,
  "better-auth": /: 401 /,
} as const;

for (const spec of signInSpecs()) {
  test(`${spec.id}: a sign-in per session, and a wrong password refused`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-bench-"));
    const server = await startServer({
      script: fileURLToPath(new URL(`../${spec.script}`, import.meta.url)),
      port: await freePort(),
      dataDir,
      timeoutMs: 30_000,
    }).catch(async (error: unknown) => {
      await rm(dataDir, { recursive: true, force: true });
      throw error;
    });
    try {
      const { ready } = server;
      const authUrl = ready.url.slice(0, ready.url.lastIndexOf("/"));
      const signIn = (password: string) =>
        signInWithPassword({ protocol: spec.protocol, authUrl, email: passwordUser.email, password });

      const first = await signIn(passwordUser.password);
      const second = await signIn(passwordUser.password);
      assert.notEqual(first.session, second.session, "each sign-in makes a new session");
      for (const { cookie } of [first, second]) {
        const session = await fetch(ready.url, { headers: { cookie } });
        assert.ok((await session.text()).includes(passwordUser.email), "GET session names the user");
      }
      await assert.rejects(signIn("not-the-password-0123"), refusal[spec.protocol]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
}
