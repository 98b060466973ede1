/** Whether `NODE_ENV` is `production` (false on runtimes without `process`). */
export function isProduction(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.NODE_ENV === "production";
}
