// oidc-provider ships no types. Rather than pull in @types/oidc-provider (and its @types/koa
// tree) for a dev-only tool, this declares the few members the dev provider touches, checked
// against oidc-provider 9.13.3 (pinned exactly in package.json). Anything we only pass through
// is `unknown`.

declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  export interface ClientMetadata {
    client_id: string;
    client_secret?: string;
    redirect_uris: string[];
    token_endpoint_auth_method?: string;
    id_token_signed_response_alg?: string;
    /** Any other RFC 7591 / OIDC registration metadata (grant_types, jwks, backchannel_logout_uri…). */
    [metadata: string]: unknown;
  }

  /** The registered client as oidc-provider's policy hooks see it. */
  export interface Client {
    clientId: string;
    clientAuthMethod: string;
    grantTypeAllowed(type: string): boolean;
    redirectUris: string[];
  }

  /** The token handed to the introspection and revocation policy hooks. */
  export interface PolicyToken {
    clientId?: string;
  }

  /** The slice of oidc-provider's Koa context the dev provider reads or writes. */
  export interface KoaContextWithOIDC {
    type: string;
    body: unknown;
    oidc: { client?: Client; route: string };
  }

  export interface Account {
    accountId: string;
    claims(use: string, scope: string): Promise<Record<string, unknown> & { sub: string }>;
  }

  export type FindAccount = (ctx: unknown, sub: string, token?: unknown) => Promise<Account | undefined>;

  export interface ErrorOut {
    error: string;
    error_description?: string;
  }

  export interface Configuration {
    adapter?: unknown;
    clockTolerance?: number;
    clients?: ClientMetadata[];
    jwks?: { keys: object[] };
    cookies?: { keys?: string[]; names?: { session?: string; interaction?: string; resume?: string } };
    claims?: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: Client) => boolean;
    features?: Record<string, unknown>;
    findAccount?: FindAccount;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string };
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: Client) => boolean };
    renderError?: (ctx: KoaContextWithOIDC, out: ErrorOut, error: unknown) => Promise<void>;
    ttl?: Record<string, number>;
    issueRefreshToken?: (
      ctx: KoaContextWithOIDC,
      client: Client,
      code: unknown,
    ) => boolean | Promise<boolean>;
    [option: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    prompt: {
      name: string;
      reasons: string[];
      details: {
        missingOIDCScope?: string[];
        missingOIDCClaims?: string[];
        missingResourceScopes?: Record<string, string[]>;
      };
    };
    params: Record<string, unknown> & { client_id: string };
    session?: { accountId: string; uid: string };
    grantId?: string;
  }

  export interface InteractionResults {
    login?: { accountId: string };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    readonly Client: { find(id: string): Promise<Client | undefined> };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      error: string;
      error_description?: string;
      status: number;
    }
    class InvalidRequest extends OIDCProviderError {
      constructor(description?: string);
    }
    class SessionNotFound extends InvalidRequest {}
  }

  export default Provider;
}

// The in-memory adapter oidc-provider falls back to when none is configured. Passing it
// explicitly gives the same storage without the "development-only adapter" console warning.
// The package has no `exports` map, so this deep path resolves; the exact version pin keeps it
// stable.
declare module "oidc-provider/lib/adapters/memory_adapter.js" {
  export function createMemoryAdapter(clockTolerance?: number): (model: string) => unknown;
}
