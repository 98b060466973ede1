import { backchannelLogoutAction, createLogoutReplayCache } from "./actions/backchannel-logout.ts";
import { callbackAction } from "./actions/callback.ts";
import { csrfAction } from "./actions/csrf.ts";
import { deviceSignOutAction } from "./actions/device-signout.ts";
import { deviceStartAction } from "./actions/device-start.ts";
import { deviceTokenAction } from "./actions/device-token.ts";
import { errorAction } from "./actions/error.ts";
import { providersAction } from "./actions/providers.ts";
import { sessionAction } from "./actions/session.ts";
import { signInPageAction, signInStartAction } from "./actions/signin.ts";
import { signOutAction, signOutPageAction } from "./actions/signout.ts";
import { verifyRequestAction } from "./actions/verify-request.ts";
import type { GatehouseOptions, Session } from "./config/options.ts";
import { type ResolvedConfig, resolveConfig } from "./config/resolve-config.ts";
import { createDeviceFlows, type DeviceFlows } from "./device/device-flows.ts";
import { AuthError } from "./errors/auth-error.ts";
import { errorCatalogue } from "./errors/catalogue.ts";
import { describe } from "./errors/describe.ts";
import type { Outcome } from "./http/outcome.ts";
import { failure } from "./http/page-urls.ts";
import { readBody } from "./http/read-body.ts";
import { RequestContext } from "./http/request-context.ts";
import { requestErrorResponse, respond } from "./http/respond.ts";
import { type Route, route } from "./http/router.ts";
import type { ReplayCache } from "./logout/replay-cache.ts";
import { createOAuthFlows, type OAuthFlows } from "./oauth/oauth-flows.ts";
import { isCookieless, withBearerSessions } from "./session/bearer-session.ts";
import { databaseStrategy } from "./session/database-strategy.ts";
import { jwtStrategy } from "./session/jwt-strategy.ts";
import type { SessionStrategy } from "./session/session-strategy.ts";
import { type AccessTokenResult, createGetAccessToken } from "./tokens/get-access-token.ts";
import { createUnlinkAccount } from "./tokens/unlink-account.ts";

/** A configured Gatehouse: the auth endpoint handler and server-side helpers. */
export interface Gatehouse {
  /** The auth endpoint: Web `Request` in, `Response` out. Mount it at the base path. */
  handler: (request: Request) => Promise<Response>;
  /** The session of a request (for pages and API routes), or null when signed out. Never throws. */
  getSession: (request: Request) => Promise<Session | null>;
  /** The base path the handler answers below, e.g. `/api/auth`. */
  basePath: string;
  /** The signed-in user's id for a request, or null. Never throws. */
  getUserId: (request: Request) => Promise<string | null>;
  /**
   * A valid access token of the user's account at an OAuth/OIDC provider, refreshed first when it
   * expires within 60 s (single-flight per account). A failure is a value (`{ error }`); an unknown
   * provider id or an adapter that cannot store tokens throws a TypeError.
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

/**
 * Configures Gatehouse once. Throws a `TypeError` that says how to fix any misconfiguration.
 *
 * @example
 * const auth = gatehouse({ secret: process.env.AUTH_SECRET!, providers: [OIDC({ ... })] });
 * app.all("/api/auth/*", (c) => auth.handler(c.req.raw));
 */
export function gatehouse(options: GatehouseOptions): Gatehouse {
  const config = resolveConfig(options);
  // `read` also takes `Authorization: Bearer` session tokens (device flow) when there is no cookie.
  const strategy: SessionStrategy = withBearerSessions(
    config.session.strategy === "database" && config.adapter
      ? databaseStrategy(config.adapter)
      : jwtStrategy(),
  );
  const oauth = createOAuthFlows(config);
  const getAccessToken = createGetAccessToken({ config, oauth });
  const unlinkAccount = createUnlinkAccount({ config, oauth });
  const device = createDeviceFlows(oauth);
  // Back-channel logout token `jti`s already used, per instance (no module state).
  const replays = createLogoutReplayCache();

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
      if (!isCookieless(ctx, target.action)) await ctx.ensureCsrfCookie();
      return respond(ctx, await dispatch(ctx, target, { strategy, oauth, device, replays }));
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

  async function getUserId(request: Request): Promise<string | null> {
    try {
      return await strategy.userId(new RequestContext(request, new URL(request.url), config));
    } catch (error) {
      config.logger.error("SessionError", describe(error));
      return null;
    }
  }

  return { handler, getSession, basePath: config.basePath, getUserId, getAccessToken, unlinkAccount };
}

const JSON_ACTIONS: ReadonlySet<Route["action"]> = new Set([
  "session",
  "csrf",
  "providers",
  "device",
  "device-token",
  "device-signout",
]);

function dispatch(
  ctx: RequestContext,
  { action, providerId }: Route,
  deps: { strategy: SessionStrategy; oauth: OAuthFlows; device: DeviceFlows; replays: ReplayCache },
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
      return post ? signOutAction(ctx, deps.strategy, deps.oauth) : signOutPageAction(ctx);
    case "callback":
      return callbackAction(ctx, providerId!, deps);
    case "verify-request":
      return verifyRequestAction(ctx);
    case "error":
      return errorAction(ctx);
    case "device":
      return deviceStartAction(ctx, providerId!, deps.device);
    case "device-token":
      return deviceTokenAction(ctx, providerId!, deps);
    case "device-signout":
      return deviceSignOutAction(ctx, deps.strategy);
    case "backchannel-logout":
      return backchannelLogoutAction(ctx, providerId!, deps);
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
