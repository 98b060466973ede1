// The program Deno and Bun run (and Node, for the bench), bundled by runtimes.ts. Prints one JSON line:
//   check <password> <hash made by Node 24>   → HashingCheck (runtime-hashing.ts)
//   time <count> <in flight>                  → timeHashing (runtime-hashing.ts)
import { checkHashing, timeHashing } from "./runtime-hashing.ts";

const [mode, first = "", second = ""] = process.argv.slice(2);
if (mode === "check") console.log(JSON.stringify(await checkHashing(first, second)));
else if (mode === "time") console.log(JSON.stringify(await timeHashing(Number(first), Number(second))));
else throw new TypeError(`expected "check" or "time", got ${String(mode)}`);
