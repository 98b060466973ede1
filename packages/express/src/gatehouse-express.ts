import type { IncomingMessage, ServerResponse } from "node:http";
import { ConfigError, type Gatehouse } from "@gatehouse/core";
import { toNodeHandler } from "@gatehouse/node";
import { rebuildBody, replayRequest } from "./lib/rebuild-body.ts";
import { isBelow, requestTarget } from "./lib/request-path.ts";

/** Express middleware (it uses only Node's request and response, so Connect takes it too). */
export type ExpressMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/**
 * Serves the Gatehouse endpoint in Express 5: every request below `auth.basePath` is answered, any
 * other goes on to the next handler. Mount it on the app (`app.use(gatehouseExpress(auth))`) or on
 * the base path itself. Best before any body parser; after `express.json()` or
 * `express.urlencoded()` it rebuilds the body they consumed from `req.body`.
 *
 * The client address for core's rate limits is the socket peer (`req.socket.remoteAddress`), not
 * `req.ip`: `req.ip` follows Express's `trust proxy` setting, which an app may set for its own reasons
 * (`true` believes every `X-Forwarded-For` entry, so a client that sends one picks its own address
 * and with it a fresh rate-limit key). Which forwarded entries to believe is core's
 * `rateLimit.trustedProxies`, one setting in one place.
 *
 * @example
 * const app = express();
 * app.use(gatehouseExpress(auth)); // GET /api/auth/session, POST /api/auth/signout, …
 */
export function gatehouseExpress(auth: Gatehouse): ExpressMiddleware {
  const serve = toNodeHandler(auth);
  const basePath = auth.basePath;
  return (req, res, next) => {
    const mountedAt: unknown = (req as { baseUrl?: unknown }).baseUrl;
    if (typeof mountedAt === "string" && mountedAt !== "" && !`${basePath}/`.startsWith(`${mountedAt}/`)) {
      // Every request below the mount path would fall through to a 404 with no hint why: say so instead.
      next(
        new ConfigError(
          `@gatehouse/express: mounted at "${mountedAt}", outside auth.basePath "${basePath}". ` +
            `Use app.use(gatehouseExpress(auth)), or app.use("${basePath}", gatehouseExpress(auth)).`,
        ),
      );
      return;
    }
    if (!isBelow(req, basePath) || !bodyConsumed(req)) {
      serve(req, res, next);
      return;
    }
    const body = rebuildBody((req as { body?: unknown }).body, req.headers["content-type"]);
    if (body === null) {
      next(
        new ConfigError(
          "@gatehouse/express: the request body was read before Gatehouse, and req.body does not hold it. " +
            "Mount gatehouseExpress(auth) before the middleware that reads bodies.",
        ),
      );
      return;
    }
    serve(replayRequest(req, requestTarget(req), body), res, next);
  };
}

/**
 * Whether something (a body parser) has read the body stream already: then nothing more will come
 * from it, and streaming it again would wait forever.
 */
function bodyConsumed(req: IncomingMessage): boolean {
  if (req.method === "GET" || req.method === "HEAD") return false;
  return req.readableDidRead || req.readableEnded;
}
