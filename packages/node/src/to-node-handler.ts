import type { IncomingMessage, ServerResponse } from "node:http";
import type { Gatehouse } from "@gatehouse/core";
import { requestHead } from "./lib/request-head.ts";
import { requestTarget, requestUrl } from "./lib/request-target.ts";
import { toWebRequest } from "./lib/to-web-request.ts";
import { readResponse, type Written, writeAnswer } from "./lib/write-answer.ts";

/** Core's request body limit (`MAX_BODY_BYTES`): a refused body up to this size is drained, not cut off. */
const BODY_LIMIT = 64 * 1024;

/** A `node:http` request listener that also works as Connect/Express middleware. */
export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * Serves Gatehouse on `node:http`: requests below `auth.basePath` are answered; any other request
 * goes to `next` when there is one (Connect/Express), else gets a 404. GET session — the request
 * every page load makes — is answered through `auth.answer` from Node's own request and written
 * straight to the socket, with no `Request`, `Headers`, `URL` or `Response` built; everything else
 * goes through `auth.handler` as a Web `Request`, body streamed, aborted when the client goes away,
 * with the socket peer as its `clientAddress` (set `rateLimit.trustedProxies` behind a proxy).
 *
 * @example
 * createServer(toNodeHandler(auth)).listen(3000);
 * app.use(toNodeHandler(auth)); // Express: before any body parser, which would consume the body
 */
export function toNodeHandler(auth: Gatehouse): NodeHandler {
  const below = `${auth.basePath}/`;
  const session = `${auth.basePath}/session`;
  const sessionWithQuery = `${session}?`;

  return (req, res, next) => {
    const target = requestTarget(req);
    if (!belowBasePath(target, below)) {
      if (next) next();
      else notFound(res);
      return;
    }
    const url = requestUrl(req, target);
    const fast = req.method === "GET" && (target === session || target.startsWith(sessionWithQuery));
    const served = fast ? serveFast(auth, req, res, url) : serveWeb(auth, req, res, url);
    served.catch((error: unknown) => failed(res, error));
  };
}

/** GET session: Node's request described to `auth.answer`, its plain answer written straight out. */
async function serveFast(
  auth: Gatehouse,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): Promise<void> {
  writeAnswer(res, await auth.answer(requestHead(req, url)));
}

/** Any other request: bridged to `auth.handler` as a Web `Request`, its `Response` written back. */
async function serveWeb(
  auth: Gatehouse,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
): Promise<void> {
  const aborted = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) aborted.abort(new Error("the client closed the connection"));
  });
  let request: ReturnType<typeof toWebRequest>;
  try {
    request = toWebRequest(req, url, aborted.signal);
  } catch {
    // A Host header no URL can be made of.
    writeAnswer(res, plain(400, "Bad Request"), true);
    return;
  }
  // The socket peer, for the per-address rate limits. Not `X-Forwarded-For`: anyone can send that,
  // and core believes it only with `rateLimit.trustedProxies`. (GET session, the fast path, counts
  // against no limit, so `answer` needs no address.)
  const info = { clientAddress: req.socket.remoteAddress ?? null };
  const answer = await readResponse(await auth.handler(request.request, info));
  // A body core did not read to its end (refused unread, or past its limit). One that is small is
  // read and dropped, so the connection can serve its next request; a larger one, or one of unknown
  // length, is never read, and the connection closes after the answer.
  const unread = !req.readableEnded;
  const small = unread && (req.complete || declaredLength(req) <= BODY_LIMIT);
  if (small) request.discard();
  writeAnswer(res, answer, unread && !small);
}

/** A declared Content-Length, or Infinity for a chunked body or one without a length. */
function declaredLength(req: IncomingMessage): number {
  if (req.headers["transfer-encoding"] !== undefined) return Number.POSITIVE_INFINITY;
  const length = Number(req.headers["content-length"] ?? Number.NaN);
  return Number.isFinite(length) ? length : Number.POSITIVE_INFINITY;
}

/** Whether the target's path is below the base path; an absolute-form target by its path. */
function belowBasePath(target: string, below: string): boolean {
  if (target.startsWith("/")) return target.startsWith(below);
  if (!URL.canParse(target)) return false;
  return new URL(target).pathname.startsWith(below);
}

function notFound(res: ServerResponse): void {
  writeAnswer(res, plain(404, "Not Found"));
}

/** Core answers every error itself; this is a failure to write, or a bug: a 500 if nothing was sent. */
function failed(res: ServerResponse, error: unknown): void {
  console.error("@gatehouse/node: could not answer the request:", error);
  if (res.headersSent) res.destroy();
  else writeAnswer(res, plain(500, "Internal Server Error"), true);
}

function plain(status: number, body: string): Written {
  return { status, headers: { "content-type": "text/plain; charset=utf-8" }, cookies: [], body };
}
