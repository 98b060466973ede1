/**
 * The gzip budget of each entry of @gatehouse/react: what an app ships when it imports it. Each entry
 * is bundled alone as an app build would (Vite, ES output, minified, `react` external,
 * `process.env.NODE_ENV` "production"), its dependencies included — @simplewebauthn/browser counts
 * towards `./passkeys` — then gzipped at level 9. bench/figures/client-size.ts measures the main
 * entry the same way, beside another client, for the results table.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";

/** Entry → its source and gzip budget in bytes. */
const BUDGETS = {
  ".": { source: "index.ts", bytes: 3072 },
  "./passkeys": { source: "passkeys/index.ts", bytes: 5120 },
  "./two-factor": { source: "two-factor/index.ts", bytes: 2048 },
} as const;

const SRC = fileURLToPath(new URL(".", import.meta.url));
const EXTERNAL = ["react", "react-dom", "react/jsx-runtime", "react/jsx-dev-runtime"];
const work = mkdtempSync(join(tmpdir(), "gatehouse-react-size-"));
after(() => rmSync(work, { recursive: true, force: true }));

async function gzipBytes(entry: string): Promise<number> {
  const result = await build({
    configFile: false,
    root: work,
    cacheDir: join(work, "vite-cache"),
    logLevel: "silent",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    resolve: { conditions: ["gatehouse-source"] },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      reportCompressedSize: false,
      lib: { entry, formats: ["es"], fileName: "entry" },
      rolldownOptions: { external: EXTERNAL, output: { minify: true, comments: false } },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  let bytes = 0;
  for (const output of outputs) {
    if (!("output" in output)) throw new Error("vite build returned a watcher");
    for (const item of output.output) {
      if (item.type === "chunk") bytes += gzipSync(Buffer.from(item.code, "utf8"), { level: 9 }).byteLength;
    }
  }
  return bytes;
}

for (const [name, { source, bytes: budget }] of Object.entries(BUDGETS)) {
  test(`@gatehouse/react${name.slice(1)} stays within its ${budget}-byte gzip budget`, async () => {
    const bytes = await gzipBytes(join(SRC, source));
    console.log(`@gatehouse/react${name.slice(1)}: ${bytes} bytes gzip (budget ${budget})`);
    assert.ok(bytes > 0);
    assert.ok(bytes <= budget, `${name} is ${bytes} bytes gzipped, over its ${budget}-byte budget`);
  });
}
