import { IncomingMessage } from "node:http";

/**
 * The bytes of a body a parser has already read, rebuilt from what it left in `req.body`:
 * `express.raw()` left a Buffer, `express.text()` a string, `express.json()` a value that is
 * serialised again, `express.urlencoded()` an object that is form-encoded again (nested objects of
 * its extended mode as `a[b]=c`, arrays as repeated keys). Null when there is nothing to rebuild from.
 * Gatehouse's own fields are flat strings, so what it reads survives the round trip unchanged.
 */
export function rebuildBody(body: unknown, contentType: string | undefined): Uint8Array | null {
  if (body instanceof Uint8Array) return body;
  if (typeof body === "string") return new TextEncoder().encode(body);
  if (body === undefined) return null;
  const type = (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json")) {
    return new TextEncoder().encode(serialized(body));
  }
  if (typeof body !== "object" || body === null) return null;
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) appendField(form, key, value);
  return new TextEncoder().encode(form.toString());
}

/**
 * A body nested as deep as core refuses (it allows 32 levels): what stands in for a parsed value too
 * deep to serialise again, so that core answers it as it answers the same bytes unparsed (400
 * `InvalidBody`), rather than the app's error handler a 500.
 */
const TOO_DEEP = `${"[".repeat(1000)}${"]".repeat(1000)}`;

/**
 * `express.json()` parses JSON of any depth (`JSON.parse` does not recurse) but `JSON.stringify`
 * does: a value 20,000 arrays deep overflows the stack (a `RangeError`) — see `TOO_DEEP`.
 */
function serialized(body: unknown): string {
  try {
    return JSON.stringify(body) ?? "";
  } catch (error) {
    if (error instanceof RangeError) return TOO_DEEP;
    throw error;
  }
}

function appendField(form: URLSearchParams, key: string, value: unknown): void {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    form.append(key, String(value));
  } else if (Array.isArray(value)) {
    for (const item of value) appendField(form, key, item);
  } else if (typeof value === "object" && value !== null) {
    for (const [name, item] of Object.entries(value)) appendField(form, `${key}[${name}]`, item);
  }
}

/** Headers that described the body on the wire and no longer describe the rebuilt one. */
const WIRE_BODY_HEADERS = new Set(["content-length", "transfer-encoding", "content-encoding"]);

/**
 * A fresh request carrying `body`, for a request whose own body stream a parser has consumed: same
 * socket (so the scheme and the client address are read as before), method, target and header fields, with
 * `Content-Length` set to the rebuilt length (core's 64 KiB limit applies to it) and the body's wire
 * encoding dropped (the parser already decoded gzip and charsets). `@gatehouse/node` then streams it
 * exactly as it streams a body from the socket.
 */
export function replayRequest(req: IncomingMessage, target: string, body: Uint8Array): IncomingMessage {
  const replay = new IncomingMessage(req.socket);
  replay.method = req.method ?? "POST";
  replay.url = target;
  replay.httpVersion = req.httpVersion;
  replay.httpVersionMajor = req.httpVersionMajor;
  replay.httpVersionMinor = req.httpVersionMinor;
  const raw: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (!WIRE_BODY_HEADERS.has(name.toLowerCase())) raw.push(name, req.rawHeaders[i + 1]!);
  }
  raw.push("Content-Length", String(body.byteLength));
  replay.rawHeaders = raw;
  replay.headers = { ...req.headers, "content-length": String(body.byteLength) };
  delete replay.headers["transfer-encoding"];
  delete replay.headers["content-encoding"];
  replay.complete = true;
  replay.push(body);
  replay.push(null);
  return replay;
}
