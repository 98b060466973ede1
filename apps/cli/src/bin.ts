#!/usr/bin/env node
// The `gatehouse` command: package.json#bin when installed, `node -C gatehouse-source
// apps/cli/src/bin.ts` in the repository. The one entry that touches the process; main.ts stays a
// function of its arguments and I/O (an `import.meta.main` guard there would be undefined before
// Node 22.18, and the installed command would exit having done nothing).
import { main } from "./main.ts";

process.exitCode = await main(process.argv.slice(2), {
  fetch: globalThis.fetch,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: Date.now,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
