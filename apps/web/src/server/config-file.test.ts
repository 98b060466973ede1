import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { loadConfigFile } from "./config-file.ts";

describe("loadConfigFile", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), "gatehouse-config-"));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function file(name: string, source: string): Promise<string> {
    const path = join(dir, name);
    await writeFile(path, source);
    return path;
  }

  it("is empty when there is no config file", async () => {
    assert.deepEqual(await loadConfigFile(join(dir, "missing.mts")), {});
  });

  it("returns the default export", async () => {
    const path = await file(
      "ok.mts",
      'export default { theme: { brandColor: "#0b57d0" }, pages: { signIn: "/login" }, providers: [] };',
    );
    assert.deepEqual(await loadConfigFile(path), {
      theme: { brandColor: "#0b57d0" },
      pages: { signIn: "/login" },
      providers: [],
    });
  });

  it("lets the file set the admin and language options", async () => {
    const path = await file(
      "admin.mts",
      'export default { admin: { bootstrapEmails: ["ops@example.test"], roles: ["admin", "support"] }, i18n: { defaultLocale: "de" } };',
    );
    assert.deepEqual(await loadConfigFile(path), {
      admin: { bootstrapEmails: ["ops@example.test"], roles: ["admin", "support"] },
      i18n: { defaultLocale: "de" },
    });
  });

  it("refuses a file without a default export", async () => {
    const path = await file("none.mts", "export const theme = {};");
    await assert.rejects(loadConfigFile(path), /must `export default defineConfig/);
  });

  it("refuses deployment settings, which belong in the environment", async () => {
    const path = await file("secret.mts", 'export default { secret: "x".repeat(40) };');
    await assert.rejects(loadConfigFile(path), /sets `secret`.*Set AUTH_SECRET/);
  });

  it("refuses unknown keys, listing the allowed ones", async () => {
    const path = await file("typo.mts", "export default { themes: {} };");
    await assert.rejects(loadConfigFile(path), /sets `themes`.*Allowed: providers, callbacks/);
  });
});
