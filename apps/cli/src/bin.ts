#!/usr/bin/env node
// The installed `gatehouse` command (package.json#bin). It runs `main` unconditionally: the
// `import.meta.main` guard in main.ts is undefined before Node 22.18, where the command would
// otherwise exit silently having done nothing.
import { main } from "./main.ts";

process.exitCode = await main(process.argv.slice(2), {
  fetch: globalThis.fetch,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
