import { ConfigError } from "../../../errors/config-error.ts";
import { envName } from "../../provider-env.ts";
import type { OAuthProviderConfig } from "../../types.ts";

type Env = Record<string, string | undefined>;

/**
 * What every preset accepts: any provider field, which wins over the preset's (`authorization.params`
 * merge key by key), and `env` — where `AUTH_<ID>_…` variables are read; default `process.env` when the
 * runtime has one (pass your bindings on runtimes without it, e.g. Cloudflare Workers).
 */
export type PresetOptions = Partial<Omit<OAuthProviderConfig, "type">> & { env?: Env };

/** A preset's own fields: everything but the credentials, which come from the options or the environment. */
export type PresetBase = Omit<OAuthProviderConfig, "clientId" | "clientSecret">;

/** The environment to read: `options.env`, else `process.env` where there is one, else nothing. */
export function presetEnv(options: PresetOptions): Env {
  return options.env ?? (globalThis as { process?: { env?: Env } }).process?.env ?? {};
}

/**
 * `AUTH_<ID>_<suffix>` for the preset (or its overridden id): the value, or a TypeError at startup that
 * names the variable — a preset without its credentials can never work, so it must not start.
 */
export function requireEnv(options: PresetOptions, id: string, suffix: string, what: string): string {
  const name = `AUTH_${envName(options.id ?? id)}_${suffix}`;
  const value = presetEnv(options)[name];
  if (typeof value !== "string" || value === "") {
    throw new ConfigError(`Gatehouse: the ${what} is missing. Set ${name} (or pass it to the preset).`);
  }
  return value;
}

/** `AUTH_<ID>_<suffix>` when set, else undefined. */
export function optionalEnv(options: PresetOptions, id: string, suffix: string): string | undefined {
  const value = presetEnv(options)[`AUTH_${envName(options.id ?? id)}_${suffix}`];
  return value === "" ? undefined : value;
}

/**
 * Merges the caller's options over a preset, with the client id and secret from the options or from
 * `AUTH_<ID>_ID` / `AUTH_<ID>_SECRET`.
 *
 * @example return preset({ id: "acme", name: "Acme", type: "oauth", ... }, options)
 */
export function preset(base: PresetBase, options: PresetOptions): OAuthProviderConfig {
  const { env: _env, ...overrides } = options;
  const id = overrides.id ?? base.id;
  const label = `${base.name} preset's`;
  const clientId = overrides.clientId ?? requireEnv(options, base.id, "ID", `${label} client id`);
  const clientSecret =
    overrides.clientSecret ?? requireEnv(options, base.id, "SECRET", `${label} client secret`);
  const params = { ...base.authorization?.params, ...overrides.authorization?.params };
  return {
    ...base,
    ...overrides,
    id,
    clientId,
    clientSecret,
    authorization: { ...base.authorization, ...overrides.authorization, params },
    token: { ...base.token, ...overrides.token },
    userinfo: { ...base.userinfo, ...overrides.userinfo },
    style: { ...base.style, ...overrides.style },
  };
}

/** A string field of an untrusted profile, or null. */
export function str(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

/** A nested object field of an untrusted profile, or an empty object. */
export function obj(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** A profile id (string, or a number such as GitHub's) as a string; "" (refused later) otherwise. */
export function idOf(value: unknown): string {
  if (typeof value === "string") return value;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : "";
}

/**
 * The issuer for a preset whose provider is per tenant (Auth0, Okta, Keycloak…): `options.issuer`, else
 * `AUTH_<ID>_ISSUER`, else a TypeError. An issuer is compared character for character with the ID
 * token's `iss`, so the one trailing-slash convention of the provider is applied here.
 */
export function tenantIssuer(
  options: PresetOptions,
  id: string,
  name: string,
  trailingSlash: boolean,
): string {
  const raw = options.issuer ?? requireEnv(options, id, "ISSUER", `${name} preset's issuer`);
  const bare = raw.replace(/\/+$/, "");
  return trailingSlash ? `${bare}/` : bare;
}
