import type { Adapter, StoredClientRegistration } from "../../adapter/adapter.ts";
import { callAdapter } from "../../adapter/call-adapter.ts";
import { ConfigError } from "../../errors/config-error.ts";
import type { KeyRing } from "../../lib/key-ring.ts";
import { openToken, sealToken } from "../../lib/token-cipher.ts";
import type { ClientAuthMethod, OAuthProviderConfig } from "../../providers/types.ts";
import type { DiscoveryCache } from "../discovery-cache.ts";
import { resolveAuthorizationServer } from "../lib/authorization-server.ts";
import type { OAuthRuntime } from "../runtime.ts";
import { type RegisteredClientMetadata, registerClient } from "./register-client.ts";

/** Resolves providers configured with `registration` to the client they registered. */
export interface RegisteredClients {
  /**
   * The provider as the OAuth steps use it: itself without `registration`; otherwise with the stored
   * client id and (opened) secret — registering first when nothing is stored, with `redirectUri`
   * (`BASE/callback/<id>`) as its redirect URI. Errors are raw; the caller turns them into
   * `OAuthSignin` or `OAuthCallback`.
   */
  resolve(provider: OAuthProviderConfig, redirectUri: string): Promise<OAuthProviderConfig>;
  /** Like `resolve`, but never registers: null when no registration is stored yet. */
  stored(provider: OAuthProviderConfig): Promise<OAuthProviderConfig | null>;
}

/** Registered token endpoint auth methods that a client id and secret alone can use. */
const SECRET_METHODS: ReadonlySet<string> = new Set(["client_secret_basic", "client_secret_post", "none"]);

/**
 * Registered clients of one Gatehouse instance. A stored registration is read once and kept in memory;
 * at most one registration per provider is in flight in this process (concurrent sign-ins wait for
 * it), and across instances the database's insert-if-absent decides: the loser uses the winner's row
 * and its own, unused registration at the provider is left behind. A failed registration stores
 * nothing and is not cached, so the next sign-in retries.
 *
 * @example const clients = createRegisteredClients({ adapter, keys, runtime, discovery })
 */
export function createRegisteredClients(input: {
  adapter: Adapter | null;
  keys: KeyRing;
  runtime: OAuthRuntime;
  discovery: DiscoveryCache;
}): RegisteredClients {
  const { adapter, keys, runtime, discovery } = input;
  const resolved = new Map<string, Promise<OAuthProviderConfig | null>>();

  function keyOf(provider: OAuthProviderConfig) {
    return { provider: provider.id, issuer: provider.issuer ?? "" };
  }

  async function fromStorage(provider: OAuthProviderConfig): Promise<OAuthProviderConfig | null> {
    const stored = await callAdapter(requireAdapter(adapter), "getClientRegistration", keyOf(provider));
    return stored === null ? null : effective(provider, stored, keys, runtime);
  }

  async function registerAndStore(
    provider: OAuthProviderConfig,
    redirectUri: string,
  ): Promise<OAuthProviderConfig> {
    const store = requireAdapter(adapter);
    const existing = await fromStorage(provider);
    if (existing !== null) return existing;
    const as = await resolveAuthorizationServer(provider, runtime, discovery);
    const registered = await registerClient(as, registrationMetadata(provider, redirectUri), {
      runtime,
      initialAccessToken: provider.registration?.initialAccessToken,
    });
    const {
      client_secret: secret,
      registration_access_token: accessToken,
      ...metadata
    } = registered as Record<string, unknown>;
    const expiresAt = registered.client_secret_expires_at;
    const winner = await callAdapter(store, "createClientRegistration", {
      ...keyOf(provider),
      clientId: registered.client_id,
      clientSecret: typeof secret === "string" && secret !== "" ? await sealToken(keys, secret) : null,
      clientSecretExpiresAt: typeof expiresAt === "number" ? expiresAt : 0,
      registrationAccessToken:
        typeof accessToken === "string" && accessToken !== "" ? await sealToken(keys, accessToken) : null,
      metadata,
      createdAt: new Date(runtime.now()),
    });
    return effective(provider, winner, keys, runtime);
  }

  // One load per provider at a time; a stored client is kept, "nothing stored yet" and failures are not.
  function memo(
    provider: OAuthProviderConfig,
    load: () => Promise<OAuthProviderConfig | null>,
  ): Promise<OAuthProviderConfig | null> {
    const known = resolved.get(provider.id);
    if (known !== undefined) return known;
    const pending = load();
    resolved.set(provider.id, pending);
    const forget = () => {
      if (resolved.get(provider.id) === pending) resolved.delete(provider.id);
    };
    pending.then((value) => value === null && forget(), forget);
    return pending;
  }

  return {
    async resolve(provider, redirectUri) {
      if (provider.registration === undefined) return provider;
      const register = () => registerAndStore(provider, redirectUri);
      // A concurrent `stored()` that found nothing yet answers null: then register after all.
      const value = (await memo(provider, register)) ?? (await memo(provider, register));
      if (value === null) throw new Error("client registration stored nothing");
      return value;
    },
    async stored(provider) {
      if (provider.registration === undefined) return provider;
      return memo(provider, () => fromStorage(provider));
    },
  };
}

/** The registration request: Gatehouse's defaults under the app's `registration.metadata`. */
function registrationMetadata(
  provider: OAuthProviderConfig,
  redirectUri: string,
): Partial<RegisteredClientMetadata> {
  const origin = new URL(redirectUri).origin;
  // The actions build the redirect URI as `BASE/callback/<id>`: the auth endpoint's URL is its stem.
  const baseUrl = redirectUri.slice(0, redirectUri.length - `/callback/${provider.id}`.length);
  const metadata: Partial<RegisteredClientMetadata> = {
    client_name: provider.name,
    application_type: "web",
    redirect_uris: [redirectUri],
    response_types: ["code"],
    grant_types: ["authorization_code"],
    token_endpoint_auth_method: "client_secret_basic",
  };
  if (provider.endSession) {
    const fixed =
      typeof provider.endSession === "object" ? provider.endSession.postLogoutRedirect : undefined;
    metadata.post_logout_redirect_uris = [new URL(fixed ?? "/", `${origin}/`).href];
  }
  if (provider.backchannelLogout) {
    metadata.backchannel_logout_uri = `${baseUrl}/backchannel-logout/${provider.id}`;
  }
  // The app's metadata is JSON by contract (it is sent as the request body).
  return { ...metadata, ...(provider.registration?.metadata as Partial<RegisteredClientMetadata>) };
}

/** The provider with the stored client's credentials; a secret that opens under no configured secret fails. */
async function effective(
  provider: OAuthProviderConfig,
  stored: StoredClientRegistration,
  keys: KeyRing,
  runtime: OAuthRuntime,
): Promise<OAuthProviderConfig> {
  const expiresAt = stored.clientSecretExpiresAt;
  if (expiresAt > 0 && expiresAt * 1000 <= runtime.now()) {
    throw new Error(
      `the registered client's secret expired; delete its gh_client_registrations row (provider "${provider.id}") to register again`,
    );
  }
  const result: OAuthProviderConfig = { ...provider, clientId: stored.clientId };
  if (stored.clientSecret !== null) {
    const secret = await openToken(keys, stored.clientSecret);
    if (secret === null) {
      throw new Error("the registered client's secret does not open under any configured secret");
    }
    result.clientSecret = secret;
  }
  // Use the authentication method the provider registered, when the app did not choose one.
  const method = stored.metadata.token_endpoint_auth_method;
  if (provider.clientAuthMethod === undefined && typeof method === "string" && SECRET_METHODS.has(method)) {
    result.clientAuthMethod = method as ClientAuthMethod;
  }
  return result;
}

function requireAdapter(adapter: Adapter | null): Adapter {
  // resolveConfig already refuses `registration` without these methods; this only narrows the type.
  if (adapter === null) throw new ConfigError("Gatehouse: `registration` needs an adapter.");
  return adapter;
}
