// Shared by the browser tests: a fresh build of the web app's UI, a headless Chromium, and a console
// page that has settled.
import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";
import { startWebApp, type WebApp } from "../apps/web/src/server/start.ts";
import { CHROMIUM } from "../scripts/ensure-chromium.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Builds the UI into a new temporary folder and returns it. Always from the current sources (a
 * leftover `apps/web/dist` may be stale), and never into `dist` itself, which test files running in
 * parallel — or a running `npm start` — would otherwise rebuild under each other. Takes about a second.
 */
export async function buildUi(): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-ui-"));
  const vite = join(root, "node_modules", ".bin", "vite");
  const result = spawnSync(
    process.execPath,
    [vite, "build", join(root, "apps", "web"), "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: root, encoding: "utf8" },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
  return outDir;
}

/** Debian's Chromium, headless, with nothing reaching out to the network on its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/** The web app in development mode on a random port, with a fresh UI build, data folder and Chromium. */
export interface E2eApp {
  web: WebApp;
  browser: Browser;
  /** What the server logged, printed when a test fails. */
  serverLog: string[];
  close(): Promise<void>;
}

/**
 * Starts it; `configFile` is a `gatehouse.config.ts` of the test's (its `i18n`, say).
 * @example const app = await startE2eApp({ configFile: "/tmp/…/forced-de.config.mjs" })
 */
export async function startE2eApp({ configFile }: { configFile?: string } = {}): Promise<E2eApp> {
  const serverLog: string[] = [];
  const staticDir = await buildUi();
  const dataDir = await mkdtemp(join(tmpdir(), "gatehouse-e2e-"));
  const web = await startWebApp({
    env: {},
    dataDir,
    staticDir,
    ...(configFile ? { configFile } : {}),
    port: 0,
    log: (line) => serverLog.push(line),
  });
  const browser = await launchChromium();
  return {
    web,
    browser,
    serverLog,
    async close() {
      await browser.close();
      await web.close();
      await rm(dataDir, { recursive: true, force: true });
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}

/**
 * A console page (the account's, the admin's) once its section and its data are on screen: the
 * section's heading, the first `ready` element, and no loading placeholders left.
 */
export async function consoleSettled(page: Page, ready: string): Promise<void> {
  await page.locator("h2[data-section-heading]").waitFor();
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(() => !document.querySelector(".skeleton, .loading"));
}
