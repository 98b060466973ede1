import type { IncomingMessage } from "node:http";
import type { RequestHead } from "@gatehouse/core";

/**
 * The request as core reads it, straight from Node's raw header list: no `Request`, no `Headers`.
 * A header is read the way a `Headers` built from the same list reads it (see `toWebRequest`):
 * several fields of one name joined with `, ` (`; ` for `Cookie`), so two `Authorization` headers
 * stay two and are refused, where Node's `req.headers` would keep the first.
 */
export function requestHead(req: IncomingMessage, url: string): RequestHead {
  const raw = req.rawHeaders;
  return { method: req.method ?? "GET", url, headers: { get: (name) => rawHeader(raw, name) } };
}

/** The value of header `name` (any case) in a raw `[name, value, …]` list, or null. */
export function rawHeader(raw: readonly string[], name: string): string | null {
  const wanted = name.toLowerCase();
  const separator = wanted === "cookie" ? "; " : ", ";
  let value: string | null = null;
  for (let i = 0; i < raw.length; i += 2) {
    const key = raw[i]!;
    if (key.length !== wanted.length || key.toLowerCase() !== wanted) continue;
    const field = raw[i + 1]!;
    value = value === null ? field : `${value}${separator}${field}`;
  }
  return value;
}
