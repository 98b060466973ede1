import assert from "node:assert/strict";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { DEV_SECRET_FILE, devSecret } from "./dev-secret.ts";

describe("devSecret", () => {
  let root: string;
  before(async () => {
    root = await mkdtemp(join(tmpdir(), "gatehouse-dev-secret-"));
  });
  after(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("creates the secret once, owner-only, and reuses it on the next start", async () => {
    const dataDir = join(root, "nested", ".data");
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    const first = await devSecret({ dataDir, log });
    const path = join(dataDir, DEV_SECRET_FILE);
    assert.match(first, /^[A-Za-z0-9_-]{43}$/, "32 random bytes, base64url");
    assert.equal((await readFile(path, "utf8")).trim(), first);
    assert.equal((await stat(path)).mode & 0o777, 0o600);
    assert.deepEqual(lines, [`created a development secret at ${path}`]);

    const second = await devSecret({ dataDir, log });
    assert.equal(second, first);
    assert.deepEqual(lines.slice(1), [`using the development secret at ${path}`]);
  });

  it("never logs the secret itself", async () => {
    const lines: string[] = [];
    const secret = await devSecret({ dataDir: join(root, "quiet"), log: (line) => lines.push(line) });
    assert.ok(lines.every((line) => !line.includes(secret)));
  });

  it("refuses a kept secret that is too short, saying how to fix it", async () => {
    const dataDir = join(root, "short");
    await devSecret({ dataDir, log: () => {} });
    await writeFile(join(dataDir, DEV_SECRET_FILE), "short\n");
    await assert.rejects(devSecret({ dataDir, log: () => {} }), /Delete the file to create a new one/);
  });
});
