import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { ConfigError } from "@gatehouse/core";
import type { WebAppConfig } from "./define-config.ts";

const ALLOWED = new Set([
  "providers",
  "callbacks",
  "pages",
  "theme",
  "session",
  "cookies",
  "logger",
  "httpTimeout",
  "rateLimit",
  "twoFactor",
  "passkeys",
  "audit",
  "events",
  "account",
  "admin",
  "i18n",
]);

/**
 * Loads the optional typed config file (`apps/web/gatehouse.config.ts`); `{}` when there is none.
 * Throws a `TypeError` for a file that does not default-export a config object.
 *
 * @example const config = await loadConfigFile("apps/web/gatehouse.config.ts");
 */
export async function loadConfigFile(path: string): Promise<WebAppConfig> {
  if (!existsSync(path)) return {};
  const module: unknown = await import(pathToFileURL(path).href);
  const config = isRecord(module) ? module.default : undefined;
  if (!isRecord(config)) {
    throw new ConfigError(`Gatehouse web app: ${path} must \`export default defineConfig({ ... })\`.`);
  }
  for (const key of Object.keys(config)) {
    if (ALLOWED.has(key)) continue;
    // The secret and URLs are per deployment and must not end up in a committed file.
    const hint = ["secret", "url", "trustHost"].includes(key)
      ? " Set AUTH_SECRET / AUTH_URL / AUTH_TRUST_HOST in the environment instead."
      : ` Allowed: ${[...ALLOWED].join(", ")}.`;
    throw new ConfigError(
      `Gatehouse web app: ${path} sets \`${key}\`, which a config file cannot set.${hint}`,
    );
  }
  if (config.providers !== undefined && !Array.isArray(config.providers)) {
    throw new ConfigError(`Gatehouse web app: \`providers\` in ${path} must be an array.`);
  }
  // The keys and the providers array are checked; gatehouse() validates every value at start-up.
  return config as WebAppConfig;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
