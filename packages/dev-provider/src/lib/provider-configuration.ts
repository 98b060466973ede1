import type { ClientMetadata, Configuration, FindAccount } from "oidc-provider";
import { createMemoryAdapter } from "oidc-provider/lib/adapters/memory_adapter.js";
import { successSource, userCodeConfirmSource, userCodeInputSource } from "./device-pages.ts";
import { renderError } from "./error-page.ts";
import { clientBasedCors, introspectionAllowed, revocationAllowed } from "./policies.ts";
import type { PrivateJwks } from "./signing-keys.ts";
import type { TtlOptions } from "./ttl-options.ts";

// oidc-provider's own default lifetimes. Setting every one explicitly stops the
// "define the expiration for ..." notice each default prints on first use.
const DEFAULT_TTL: Required<TtlOptions> = {
  AccessToken: 60 * 60,
  AuthorizationCode: 60,
  BackchannelAuthenticationRequest: 10 * 60,
  ClientCredentials: 10 * 60,
  DeviceCode: 10 * 60,
  Grant: 14 * 24 * 60 * 60,
  IdToken: 60 * 60,
  Interaction: 60 * 60,
  PreAuthorizedCode: 10 * 60,
  RefreshToken: 14 * 24 * 60 * 60,
  Session: 14 * 24 * 60 * 60,
};

// oidc-provider's default, in seconds; the adapter needs it too to keep expired entries a little
// longer than their nominal lifetime.
const CLOCK_TOLERANCE = 15;

export interface ProviderConfigurationInput {
  clients: ClientMetadata[];
  jwks: PrivateJwks;
  cookieKey: string;
  /** Distinguishes this provider's cookies from those of others on the same host. */
  cookiePrefix: string;
  findAccount: FindAccount;
  ttl?: TtlOptions;
  features?: Record<string, unknown>;
  /** Rotate refresh tokens on every use; default oidc-provider's own rule. */
  rotateRefreshToken?: boolean;
}

/** The oidc-provider configuration for a development provider. */
export function providerConfiguration(input: ProviderConfigurationInput): Configuration {
  const baseFeatures: Record<string, unknown> = {
    // Our own login page replaces oidc-provider's demo one (which also warns on every start).
    devInteractions: { enabled: false },
    userinfo: { enabled: true },
    revocation: { enabled: true, allowedPolicy: revocationAllowed },
    introspection: { enabled: true, allowedPolicy: introspectionAllowed },
    // Off unless asked for (`features: { deviceFlow: { enabled: true } }`); our pages when on.
    deviceFlow: { enabled: false, userCodeInputSource, userCodeConfirmSource, successSource },
  };
  return {
    // A fresh store per provider, passed explicitly: the implicit default prints a warning.
    adapter: createMemoryAdapter(CLOCK_TOLERANCE),
    clockTolerance: CLOCK_TOLERANCE,
    clients: input.clients,
    jwks: input.jwks,
    cookies: {
      keys: [input.cookieKey],
      // Browsers share cookies across ports, so the defaults (`_session`, `_interaction`) would
      // collide with the app under test or a second dev provider on the same host.
      names: {
        session: `${input.cookiePrefix}_session`,
        interaction: `${input.cookiePrefix}_interaction`,
        resume: `${input.cookiePrefix}_interaction_resume`,
      },
    },
    claims: {
      openid: ["sub"],
      profile: ["name"],
      email: ["email", "email_verified"],
    },
    // By default oidc-provider keeps scope-derived claims out of the ID token whenever an access
    // token is also issued (they are then only at userinfo). Relying parties commonly read
    // `email` and `name` straight from the ID token, so the dev provider puts them there.
    conformIdTokenClaims: false,
    // Always require PKCE (S256 is the only method oidc-provider 9 accepts), even for
    // confidential clients, so a client that forgets it fails here rather than in production.
    pkce: { required: () => true },
    // A client allowed the refresh_token grant always gets a refresh token: relying parties under test
    // need one to exercise refresh, rotation and revocation without an `offline_access` consent step.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    ...(input.rotateRefreshToken !== undefined && { rotateRefreshToken: input.rotateRefreshToken }),
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // oidc-provider's outgoing requests (back-channel logout) refuse loopback and private addresses,
    // its SSRF guard. A development provider's relying parties *are* local apps, so the guard's
    // dispatcher is dropped here — acceptable only because this provider never runs in production.
    fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _ssrfGuard, ...rest } = options;
      return globalThis.fetch(url, rest);
    },
    findAccount: input.findAccount,
    renderError,
    clientBasedCORS: clientBasedCors,
    ttl: { ...DEFAULT_TTL, ...input.ttl },
    features: mergeFeatures(baseFeatures, input.features ?? {}),
  };
}

/**
 * Merges caller feature flags over ours one feature deep, so `{ introspection: { enabled: false } }`
 * turns introspection off without dropping the policy functions set above.
 */
function mergeFeatures(
  base: Record<string, unknown>,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...base };
  for (const [name, value] of Object.entries(extra)) {
    const current = merged[name];
    merged[name] = isPlainObject(current) && isPlainObject(value) ? { ...current, ...value } : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
