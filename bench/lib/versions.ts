import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The installed version of a package as the benchmark resolves it: the nearest
 * `node_modules/<name>/package.json` walking up from `bench/` — Node's own lookup order, and it works
 * for packages that do not export `./package.json` or have no entry point.
 */
export function packageVersion(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const json = JSON.parse(readFileSync(join(dir, "node_modules", name, "package.json"), "utf8")) as {
        version?: string;
      };
      if (json.version) return json.version;
    } catch {
      // not installed at this level: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) return "unknown";
    dir = parent;
  }
}
