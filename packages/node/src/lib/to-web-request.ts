import type { IncomingMessage } from "node:http";

/**
 * A Web `Request` for a Node request: the method, the absolute URL, every header field as sent
 * (several of one name appended, not folded as `req.headers` folds them), and for any method but
 * GET and HEAD the body as a stream that reads from the socket only as fast as it is consumed —
 * core stops reading past its 64 KiB limit, and the rest of the body is then never read. `signal`
 * aborts the request, and errors the body, when the client goes away. `discard` drops what is left
 * of a body that has arrived but was not read (refused before reading), so the connection can serve
 * its next request.
 */
export function toWebRequest(
  req: IncomingMessage,
  url: string,
  signal: AbortSignal,
): { request: Request; discard: () => void } {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (!name.startsWith(":")) headers.append(name, raw[i + 1]!); // HTTP/2 pseudo-headers are not headers
  }
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") {
    return { request: new Request(url, { method, headers, signal }), discard: () => req.resume() };
  }
  const body = bodyStream(req, signal);
  // `duplex: "half"`: a streamed request body (the Fetch standard requires it; not yet in the DOM types).
  const init = { method, headers, signal, body: body.stream, duplex: "half" };
  return { request: new Request(url, init as RequestInit), discard: body.discard };
}

/** The request body, pulled from `req` on demand; an error when the client disconnects mid-body. */
function bodyStream(
  req: IncomingMessage,
  signal: AbortSignal,
): { stream: ReadableStream<Uint8Array>; discard: () => void } {
  let settled = false;
  const discard = () => {
    settled = true;
    req.resume(); // flowing, and every chunk ignored
  };
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (reason: unknown) => {
          if (settled) return;
          settled = true;
          controller.error(reason);
        };
        req.on("data", (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once("end", () => {
          if (settled) return;
          settled = true;
          controller.close();
        });
        req.once("error", fail);
        signal.addEventListener("abort", () => fail(signal.reason), { once: true });
        req.pause();
      },
      pull() {
        req.resume();
      },
      cancel() {
        // Core read enough (past its limit): leave the rest unread; the answer closes the connection.
        settled = true;
        req.pause();
      },
    },
    { highWaterMark: 1 },
  );
  return { stream, discard };
}
