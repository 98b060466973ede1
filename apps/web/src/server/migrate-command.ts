// Entry point of `npm run migrate`: applies the schema migrations to the app's database —
// DATABASE_URL, or by default the same SQLite file under apps/web/.data that `npm start` uses.
// @gatehouse/sql's own CLI needs the URL spelled out; this one knows the app's default.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "@gatehouse/core";
import { openDatabase } from "./database.ts";
import { databaseTimeoutsFrom, databaseUrlFrom } from "./settings.ts";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

try {
  const adapter = await openDatabase({
    url: databaseUrlFrom(process.env, join(appDir, ".data")),
    schema: "migrate",
    postgres: databaseTimeoutsFrom(process.env),
    log: (line) => console.log(`migrate: ${line}`),
  });
  await adapter.close();
} catch (error) {
  // A refused or unreachable database: the message says why and what to do, without the URL.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`migrate: ${error.message}`);
  process.exitCode = 1;
}
