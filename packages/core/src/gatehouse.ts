import type { Endpoint } from "./actions/endpoint.ts";
import { CORE_ROWS, type RouteMatch, Router } from "./actions/router.ts";
import { createServices } from "./actions/services.ts";
import type { GatehouseOptions, Session } from "./config/options.ts";
import { type ResolvedConfig, resolveConfig } from "./config/resolve-config.ts";
import { AuthError } from "./errors/auth-error.ts";
import { errorCatalogue, isCoreErrorCode } from "./errors/catalogue.ts";
import { ConfigError } from "./errors/config-error.ts";
import { describe } from "./errors/describe.ts";
import { type Answer, toResponse } from "./http/answer.ts";
import { failure, refusalUrl } from "./http/page-urls.ts";
import { readBody } from "./http/read-body.ts";
import { RequestContext } from "./http/request-context.ts";
import type { RequestHead } from "./http/request-head.ts";
import { requestErrorAnswer, respond } from "./http/respond.ts";
import { type UrlHead, urlHead } from "./http/url-head.ts";
import { isProduction } from "./lib/is-production.ts";
import { composeModules } from "./modules/compose-modules.ts";
import type { ModuleErrorEntry } from "./modules/module.ts";
import { type AccessTokenResult, createGetAccessToken } from "./tokens/get-access-token.ts";
import { createUnlinkAccount } from "./tokens/unlink-account.ts";

/** A configured Gatehouse: the auth endpoint handler and server-side helpers. */
export interface Gatehouse {
  /**
   * The auth endpoint: Web `Request` in, `Response` out. Mount it at the base path. Pass the socket
   * peer's address as `clientAddress` (the `@gatehouse/*` integrations do): rate limits key on it.
   */
  handler: (request: Request, info?: HandlerInfo) => Promise<Response>;
  /**
   * The same endpoint (the same dispatcher) for a request described as plain data, answered as plain
   * data: for server adapters that write to the socket themselves (`@gatehouse/node`), so that GET
   * session builds no `Request`, `Headers`, `URL` or `Response`. It takes requests without a body: a
   * POST rejects with a TypeError, and goes to `handler`.
   *
   * @example
   * const { status, headers, cookies, body } = await auth.answer({ method: "GET", url, headers: { get: (name) => … } });
   */
  answer: (request: RequestHead) => Promise<Answer>;
  /** The session of a request (for pages and API routes), or null when signed out. Never throws. */
  getSession: (request: RequestHead) => Promise<Session | null>;
  /** The base path the handler answers below, e.g. `/api/auth`. */
  basePath: string;
  /** The signed-in user's id for a request, or null. Never throws. */
  getUserId: (request: RequestHead) => Promise<string | null>;
  /**
   * A valid access token of the user's account at an OAuth/OIDC provider, refreshed first when it
   * expires within 60 s (single-flight per account). A failure is a value (`{ error }`); an unknown
   * provider id or an adapter that cannot store tokens throws a `ConfigError` (a TypeError).
   *
   * @example const token = await auth.getAccessToken(userId, "github"); if ("error" in token) …
   */
  getAccessToken: (userId: string, providerId: string) => Promise<AccessTokenResult>;
  /**
   * Removes the user's account at a provider, revoking its tokens first when the provider has
   * `revokeTokens`. Resolves to false when there was none.
   */
  unlinkAccount: (userId: string, providerId: string) => Promise<boolean>;
}

/** What the server knows about a request beyond the `Request` itself. */
export interface HandlerInfo {
  /** The socket peer address (`req.socket.remoteAddress`, Hono's `getConnInfo(c).remote.address`). */
  clientAddress?: string | null;
}

/**
 * Configures Gatehouse once. Throws a `ConfigError` (a TypeError) that says how to fix any misconfiguration.
 *
 * @example
 * const auth = gatehouse({ secret: process.env.AUTH_SECRET!, providers: [OIDC({ ... })] });
 * app.all("/api/auth/*", (c) => auth.handler(c.req.raw));
 */
export function gatehouse(options: GatehouseOptions): Gatehouse {
  const modules = composeModules(options.modules);
  const config = resolveConfig(options, modules.coreMessages);
  modules.check({
    adapter: config.adapter,
    basePath: config.basePath,
    production: isProduction(),
    logger: config.logger,
  });
  // Core's table and the modules' rows: an endpoint with two owners fails here, at start-up.
  const router = new Router([...CORE_ROWS, ...modules.rows]);
  const services = createServices(config, modules.signInHooks);
  const { sessions, oauth } = services;
  const getAccessToken = createGetAccessToken({ config, oauth });
  const unlinkAccount = createUnlinkAccount({ config, oauth });

  async function handler(request: Request, info?: HandlerInfo): Promise<Response> {
    return toResponse(await dispatch(request, request, info?.clientAddress ?? null));
  }

  async function answer(request: RequestHead): Promise<Answer> {
    if (request.method === "POST") {
      throw new ConfigError("Gatehouse: answer() takes requests without a body; send a POST to handler().");
    }
    return dispatch(request, null, null);
  }

  /**
   * The one dispatcher, behind `handler` and `answer`: routes by the action table, runs the row's
   * checks, then its handler; answers every error.
   */
  async function dispatch(
    request: RequestHead,
    webRequest: Request | null,
    clientAddress: string | null,
  ): Promise<Answer> {
    let url: UrlHead;
    let match: RouteMatch | null;
    try {
      url = urlHead(request.url);
      match = router.match(url.pathname, request.method, config.basePath);
      if (!match) throw new AuthError("UnknownAction");
    } catch (error) {
      return requestErrorAnswer(error instanceof AuthError ? error : new AuthError("UnknownAction"));
    }
    const { endpoint, route } = match;
    const ctx = new RequestContext(
      request,
      config,
      webRequest ? { url, webRequest, clientAddress } : { url },
    );
    try {
      // Only `handler` gets here with a POST (`answer` refuses one), so its body is a Request's.
      if (webRequest !== null && request.method === "POST") {
        ctx.body = await readBody(webRequest);
        if (ctx.body.json === "true") ctx.jsonMode = true;
      }
      // Every browser request gets a CSRF cookie (docs/protocol.md §3); machines, and clients that
      // present a bearer session token, get no cookie at all.
      if (endpoint.browser && !sessions.isBearer(ctx)) await ctx.ensureCsrfCookie();
      const { csrf } = endpoint;
      if (csrf && !csrf.exempt?.(ctx, route.providerId) && !(await ctx.verifyCsrf())) {
        return respond(ctx, await csrf.refuse(ctx), endpoint.answer);
      }
      return respond(ctx, await endpoint.handle(ctx, route, services), endpoint.answer);
    } catch (error) {
      return respondToError(ctx, config, error, endpoint, modules.errors);
    }
  }

  async function getSession(request: RequestHead): Promise<Session | null> {
    try {
      // Its cookies go nowhere: `setsCookies: false` keeps a next-auth v4 session from being re-issued.
      return await sessions.read(new RequestContext(request, config), { setsCookies: false });
    } catch (error) {
      config.logger.error("SessionError", describe(error));
      return null;
    }
  }

  async function getUserId(request: RequestHead): Promise<string | null> {
    try {
      return await sessions.userId(new RequestContext(request, config));
    } catch (error) {
      config.logger.error("SessionError", describe(error));
      return null;
    }
  }

  return { handler, answer, getSession, basePath: config.basePath, getUserId, getAccessToken, unlinkAccount };
}

/**
 * The last line of defence: request errors become JSON with their status; sign-in and error-page
 * codes go to their page; anything unexpected is logged and shown as `Configuration` — never a
 * stack trace.
 */
function respondToError(
  ctx: RequestContext,
  config: ResolvedConfig,
  error: unknown,
  endpoint: Endpoint,
  moduleErrors: ReadonlyMap<string, ModuleErrorEntry>,
): Answer {
  if (error instanceof AuthError && !isCoreErrorCode(error.code)) {
    // A module's code: its entry in this instance's catalogue, answered as a request error. One no
    // module of this instance declares is a module's bug: logged and answered as `Configuration` below.
    const entry = moduleErrors.get(error.code);
    if (entry) {
      if (entry.status >= 500) config.logger.error(error.code, describe(error));
      return requestErrorAnswer(error, undefined, entry);
    }
  }
  if (
    error instanceof AuthError &&
    isCoreErrorCode(error.code) &&
    errorCatalogue[error.code].surface === "request"
  ) {
    // A redirecting endpoint's client in JSON mode reads `url` from every answer (respond.ts).
    return endpoint.answer === "page" && ctx.jsonMode
      ? requestErrorAnswer(error, refusalUrl(ctx, error.code))
      : requestErrorAnswer(error);
  }
  const code = error instanceof AuthError && isCoreErrorCode(error.code) ? error.code : "Configuration";
  // What the person did wrong (4xx: signed out, a refused password) is no server error.
  if (errorCatalogue[code].status >= 500) config.logger.error(code, describe(error));
  else config.logger.debug?.(code, describe(error));
  // The JSON endpoints answer JSON even when storage fails: a client must see an error status,
  // never a redirect to an HTML page it would have to tell apart from a session.
  if (endpoint.answer === "json") return requestErrorAnswer(new AuthError(code));
  try {
    return respond(ctx, failure(ctx, code), endpoint.answer);
  } catch {
    return requestErrorAnswer(new AuthError("Configuration"));
  }
}
