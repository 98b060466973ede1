// Entry point of `npm start`: runs the web app with the process environment until SIGINT/SIGTERM.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ConfigError } from "@gatehouse/core";
import { startWebApp, type WebApp } from "./start.ts";

const appDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

let web: WebApp;
try {
  web = await startWebApp({
    env: process.env,
    dataDir: join(appDir, ".data"),
    staticDir: join(appDir, "dist"),
    configFile: join(appDir, "gatehouse.config.ts"),
  });
} catch (error) {
  // A configuration problem: its message says what to set, a stack trace would only bury it.
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`${signal}: shutting down`);
    // Give open requests a moment, then go regardless.
    setTimeout(() => process.exit(0), 5000).unref();
    web.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
