import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ConfigError } from "@gatehouse/core";

/** The file, inside the data folder, that keeps the development secret between runs. */
export const DEV_SECRET_FILE = "dev-secret";

/**
 * Reads the development secret from `<dataDir>/dev-secret`, creating it (32 random bytes,
 * base64url, mode 0600) on first use. Development only: a kept secret means sessions survive a
 * restart without anyone having to configure AUTH_SECRET.
 *
 * @example const secret = await devSecret({ dataDir: "apps/web/.data", log: console.log });
 */
export async function devSecret(options: { dataDir: string; log: (line: string) => void }): Promise<string> {
  const path = join(options.dataDir, DEV_SECRET_FILE);
  const created = randomBytes(32).toString("base64url");
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  try {
    // `wx` fails if the file exists, so two processes starting at once cannot overwrite each
    // other's secret; the loser reads the winner's.
    await writeFile(path, `${created}\n`, { flag: "wx", mode: 0o600 });
    options.log(`created a development secret at ${path}`);
    return created;
  } catch (error) {
    if (!isAlreadyExists(error)) throw error;
  }
  const kept = (await readFile(path, "utf8")).trim();
  if (kept.length < 32) {
    throw new ConfigError(
      `Gatehouse web app: the development secret at ${path} is shorter than 32 characters. Delete the file to create a new one.`,
    );
  }
  options.log(`using the development secret at ${path}`);
  return kept;
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "EEXIST";
}
