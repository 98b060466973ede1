/**
 * A web app start in a process of its own, for tests of several starts at once: starts with the
 * environment it was given and the data folder at argv[2] on a free port, prints its log, then
 * stops. Exit 1 with the message when the start is refused. Not a test file.
 */
import { ConfigError } from "@gatehouse/core";
import { startWebApp } from "../start.ts";

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error("usage: start-and-stop.ts <data folder>");
try {
  const web = await startWebApp({ env: process.env, dataDir, staticDir: dataDir, port: 0 });
  await web.close();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
