import type { ServerResponse } from "node:http";
import { errorCatalogue, type Gatehouse } from "@gatehouse/core";
import type { ExpressMiddleware } from "./gatehouse-express.ts";
import { getSession } from "./get-session.ts";
import { pathAndQuery, requestTarget } from "./lib/request-path.ts";

export interface RequireSessionOptions {
  /**
   * Pages: send a signed-out visitor to the sign-in page, with this URL as the way back
   * (`/api/auth/signin?callbackUrl=%2Fdashboard`). Default: answer 401 JSON
   * `{ "error": "SessionRequired", "message": … }`, for API routes.
   */
  redirectToSignIn?: boolean;
}

/**
 * Lets a request through only with a session, which it puts on `res.locals.session` for views
 * (`getSession(auth, req)` returns the same one without reading it again). Without a session: 401
 * JSON with the catalogue code `SessionRequired`, or with `redirectToSignIn` a redirect to sign in.
 *
 * @example
 * app.get("/api/me", requireSession(auth), async (req, res) => res.json(await getSession(auth, req)));
 * app.get("/dashboard", requireSession(auth, { redirectToSignIn: true }), (req, res) => res.render("dashboard"));
 */
export function requireSession(auth: Gatehouse, options: RequireSessionOptions = {}): ExpressMiddleware {
  const { status, message } = errorCatalogue.SessionRequired;
  const refusal = JSON.stringify({ error: "SessionRequired", message });
  return (req, res, next) => {
    getSession(auth, req).then((session) => {
      if (session) {
        const locals: unknown = (res as { locals?: unknown }).locals;
        if (typeof locals === "object" && locals !== null)
          (locals as { session?: unknown }).session = session;
        next();
      } else if (options.redirectToSignIn) {
        const callbackUrl = encodeURIComponent(pathAndQuery(requestTarget(req)));
        // 303 turns a POST into the GET a sign-in page is; a GET keeps the usual 302.
        const redirectStatus = req.method === "GET" || req.method === "HEAD" ? 302 : 303;
        send(res, redirectStatus, { location: `${auth.basePath}/signin?callbackUrl=${callbackUrl}` }, "");
      } else {
        send(res, status, { "content-type": "application/json" }, refusal);
      }
    }, next);
  };
}

function send(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, {
    ...headers,
    // The answer depends on the session: no cache may keep it for someone else, or for later.
    "cache-control": "private, no-store",
    "content-length": Buffer.byteLength(body),
  });
  res.end(body);
}
