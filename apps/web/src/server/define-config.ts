import type { GatehouseOptions } from "@gatehouse/core";

/**
 * What `gatehouse.config.ts` may set. Deployment settings stay in the environment: the secret
 * (`AUTH_SECRET`) because a config file is committed, and `AUTH_URL` / `AUTH_TRUST_HOST` because
 * they differ per deployment and production refuses to start without them. The app mounts the
 * endpoint at `/api/auth`, so `basePath` is not configurable either.
 */
export type WebAppConfig = Partial<
  Pick<
    GatehouseOptions,
    | "providers"
    | "callbacks"
    | "pages"
    | "theme"
    | "session"
    | "cookies"
    | "logger"
    | "httpTimeout"
    | "rateLimit"
    | "twoFactor"
    | "passkeys"
    | "audit"
    | "events"
    | "account"
    | "admin"
    | "i18n"
  >
>;

/**
 * Types a config file; returns its argument unchanged. `providers` are added to those from the
 * environment, and `admin.bootstrapEmails` to `AUTH_ADMIN_EMAILS`; every other option replaces the
 * default.
 *
 * @example export default defineConfig({ theme: { brandColor: "#0b57d0" } });
 */
export function defineConfig(config: WebAppConfig): WebAppConfig {
  return config;
}
