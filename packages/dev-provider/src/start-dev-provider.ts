import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { JWK } from "jose";
import { Provider } from "oidc-provider";
import { createAccountStore } from "./lib/accounts.ts";
import { createInteractionHandler, interactionUid } from "./lib/interactions.ts";
import { providerConfiguration } from "./lib/provider-configuration.ts";
import { subscribeLogger } from "./lib/provider-events.ts";
import { generateSigningJwks } from "./lib/signing-keys.ts";
import type { TtlOptions } from "./lib/ttl-options.ts";

/** A client registered with the dev provider, in OAuth client metadata wire names. */
export interface DevProviderClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  /** Default `client_secret_basic`. */
  token_endpoint_auth_method?: string;
  /** Default `RS256`, the only algorithm of the generated key. */
  id_token_signed_response_alg?: string;
  /**
   * Default `["authorization_code"]`. Add `"refresh_token"` and the client gets a refresh token with
   * every code exchange (no `offline_access` consent dance in development).
   */
  grant_types?: string[];
  /** Any other client metadata oidc-provider takes (jwks, backchannel_logout_uri, post_logout_redirect_uris…). */
  [metadata: string]: unknown;
}

export interface DevProviderOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Default `127.0.0.1`. */
  host?: string;
  clients: DevProviderClient[];
  /** Artifact lifetimes in seconds, e.g. `{ AccessToken: 5 }` to test expiry. */
  ttl?: TtlOptions;
  /** Extra oidc-provider `features`, merged one level deep over the dev provider's own. */
  features?: Record<string, unknown>;
  /**
   * Rotate refresh tokens on every use (a refresh answers a new one and the old one is spent) for every
   * client. Default: oidc-provider's rule, which rotates only for public clients or near expiry.
   */
  rotateRefreshToken?: boolean;
  /** Private signing keys to use instead of a fresh RS256 key, e.g. to test key rotation. */
  jwks?: { keys: JWK[] };
  /** Receives oidc-provider's error events; without it the provider prints nothing. */
  logger?: (line: string) => void;
}

export interface DevProvider {
  /** The issuer identifier, which is also the base URL, e.g. `http://127.0.0.1:54321`. */
  issuer: string;
  /** Stops listening and drops every open connection. */
  close(): Promise<void>;
}

/**
 * Starts a real OpenID provider (oidc-provider) for development and tests, with a login page that
 * signs in any user name and no consent screen.
 *
 * @example
 * const op = await startDevProvider({
 *   clients: [{ client_id: "app", client_secret: "secret", redirect_uris: ["http://localhost:3000/callback"] }],
 * });
 * // discovery: `${op.issuer}/.well-known/openid-configuration`
 * await op.close();
 */
export async function startDevProvider(options: DevProviderOptions): Promise<DevProvider> {
  const host = options.host ?? "127.0.0.1";
  const log = options.logger ?? (() => {});
  const server = createServer();
  // Listen first: the issuer has to name the real port, which is only known once bound.
  server.listen(options.port ?? 0, host);
  await once(server, "listening");
  const close = closeOnce(server);

  try {
    const port = boundPort(server);
    const issuer = `http://${urlHost(host)}:${port}`;
    const accounts = createAccountStore();
    const provider = new Provider(
      issuer,
      providerConfiguration({
        clients: options.clients,
        jwks: options.jwks ?? (await generateSigningJwks()),
        // Signs the session and interaction cookies; a new key per start means cookies from an
        // earlier run are simply ignored.
        cookieKey: randomBytes(32).toString("base64url"),
        cookiePrefix: `dev_op_${port}`,
        findAccount: accounts.findAccount,
        ttl: options.ttl,
        features: options.features,
        ...(options.rotateRefreshToken !== undefined && { rotateRefreshToken: options.rotateRefreshToken }),
      }),
    );
    await assertClientsValid(provider, options.clients);
    subscribeLogger(provider, log);
    const handleInteraction = createInteractionHandler({ provider, accounts, log });
    const handleProtocol = provider.callback();

    server.on("request", (req, res) => {
      const pathname = (req.url ?? "/").split("?", 1)[0] ?? "/";
      const uid = interactionUid(pathname);
      const handled = uid === null ? handleProtocol(req, res) : handleInteraction(req, res, uid);
      // Both handlers answer their own errors; this only guards against a bug in them.
      handled.catch((error: unknown) => {
        log(`request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        res.destroy();
      });
    });
    return { issuer, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * oidc-provider only validates static clients on first use, which would turn a typo in a test's
 * client into an opaque 400 mid-flow. Loading each one now makes it a startup error instead.
 */
async function assertClientsValid(provider: Provider, clients: DevProviderClient[]): Promise<void> {
  for (const client of clients) {
    try {
      await provider.Client.find(client.client_id);
    } catch (cause) {
      const reason =
        typeof cause === "object" && cause !== null && "error_description" in cause
          ? String(cause.error_description)
          : String(cause);
      throw new TypeError(`dev provider: client "${client.client_id}" is invalid: ${reason}`, { cause });
    }
  }
}

/** Hosts in URLs: IPv6 literals need brackets. */
function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function boundPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("dev provider is not on a TCP port");
  return address.port;
}

/** `close()` that can be called any number of times and does not wait for keep-alive clients. */
function closeOnce(server: Server): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
    return closing;
  };
}
