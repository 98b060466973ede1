import { callbackAction } from "./actions/callback.ts";
import { csrfAction } from "./actions/csrf.ts";
import { errorAction } from "./actions/error.ts";
import { failure } from "./actions/page-urls.ts";
import { providersAction } from "./actions/providers.ts";
import { sessionAction } from "./actions/session.ts";
import { describe, signInPageAction, signInStartAction } from "./actions/signin.ts";
import { signOutAction, signOutPageAction } from "./actions/signout.ts";
import { verifyRequestAction } from "./actions/verify-request.ts";
import type { GatehouseOptions, Session } from "./config/options.ts";
import { type ResolvedConfig, resolveConfig } from "./config/resolve-config.ts";
import { AuthError } from "./errors/auth-error.ts";
import { errorCatalogue } from "./errors/catalogue.ts";
import type { Outcome } from "./http/outcome.ts";
import { readBody } from "./http/read-body.ts";
import { RequestContext } from "./http/request-context.ts";
import { requestErrorResponse, respond } from "./http/respond.ts";
import { type Route, route } from "./http/router.ts";
import { createOAuthFlows, type OAuthFlows } from "./providers/oauth-flows.ts";
import { databaseStrategy } from "./session/database-strategy.ts";
import { jwtStrategy } from "./session/jwt-strategy.ts";
import type { SessionStrategy } from "./session/session-strategy.ts";

/** A configured Gatehouse: the auth endpoint handler and server-side helpers. */
export interface Gatehouse {
  /** The auth endpoint: Web `Request` in, `Response` out. Mount it at the base path. */
  handler: (request: Request) => Promise<Response>;
  /** The session of a request (for pages and API routes), or null when signed out. Never throws. */
  getSession: (request: Request) => Promise<Session | null>;
  /** The base path the handler answers below, e.g. `/api/auth`. */
  basePath: string;
}

/**
 * Configures Gatehouse once. Throws a `TypeError` that says how to fix any misconfiguration.
 *
 * @example
 * const auth = gatehouse({ secret: process.env.AUTH_SECRET!, providers: [OIDC({ ... })] });
 * app.all("/api/auth/*", (c) => auth.handler(c.req.raw));
 */
export function gatehouse(options: GatehouseOptions): Gatehouse {
  const config = resolveConfig(options);
  const strategy: SessionStrategy =
    config.session.strategy === "database" && config.adapter
      ? databaseStrategy(config.adapter)
      : jwtStrategy();
  const oauth = createOAuthFlows(config);

  async function handler(request: Request): Promise<Response> {
    let url: URL;
    let target: Route | null;
    try {
      url = new URL(request.url);
      target = route(url.pathname, request.method, config.basePath);
      if (!target) throw new AuthError("UnknownAction");
    } catch (error) {
      return requestErrorResponse(error instanceof AuthError ? error : new AuthError("UnknownAction"));
    }
    const ctx = new RequestContext(request, url, config);
    try {
      if (request.method === "POST") {
        ctx.body = await readBody(request);
        if (ctx.body.json === "true") ctx.jsonMode = true;
      }
      await ctx.ensureCsrfCookie();
      return respond(ctx, await dispatch(ctx, target, { strategy, oauth }));
    } catch (error) {
      return respondToError(ctx, config, error, target.action);
    }
  }

  async function getSession(request: Request): Promise<Session | null> {
    try {
      const ctx = new RequestContext(request, new URL(request.url), config);
      return await strategy.read(ctx);
    } catch (error) {
      config.logger.error("SessionError", describe(error));
      return null;
    }
  }

  return { handler, getSession, basePath: config.basePath };
}

const JSON_ACTIONS: ReadonlySet<Route["action"]> = new Set(["session", "csrf", "providers"]);

function dispatch(
  ctx: RequestContext,
  { action, providerId }: Route,
  deps: { strategy: SessionStrategy; oauth: OAuthFlows },
): Outcome | Promise<Outcome> {
  const post = ctx.request.method === "POST";
  switch (action) {
    case "providers":
      return providersAction(ctx);
    case "csrf":
      return csrfAction(ctx);
    case "session":
      return sessionAction(ctx, deps.strategy);
    case "signin":
      return providerId ? signInStartAction(ctx, providerId, deps.oauth) : signInPageAction(ctx);
    case "signout":
      return post ? signOutAction(ctx, deps.strategy) : signOutPageAction(ctx);
    case "callback":
      return callbackAction(ctx, providerId!, deps);
    case "verify-request":
      return verifyRequestAction(ctx);
    case "error":
      return errorAction(ctx);
  }
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
  action: Route["action"],
): Response {
  if (error instanceof AuthError && errorCatalogue[error.code].surface === "request") {
    return requestErrorResponse(error);
  }
  const code = error instanceof AuthError ? error.code : "Configuration";
  config.logger.error(code, describe(error));
  // The JSON endpoints answer JSON even when storage fails: a client must see an error status,
  // never a redirect to an HTML page it would have to tell apart from a session.
  if (JSON_ACTIONS.has(action)) return requestErrorResponse(new AuthError(code));
  try {
    return respond(ctx, failure(ctx, code));
  } catch {
    return requestErrorResponse(new AuthError("Configuration"));
  }
}
