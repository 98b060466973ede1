/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). On a fresh machine this installs
 * it with apt-get when running as root; otherwise it says what to install.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Debian's Chromium at ${CHROMIUM}: run \`sudo apt-get install -y chromium\`.`,
    );
    process.exit(1);
  }
  console.log("▶ installing Debian's chromium for the browser tests (apt-get)");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [
    ["update", "-qq"],
    ["install", "-y", "-qq", "chromium"],
  ]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install chromium by hand.`);
      process.exit(1);
    }
  }
}
