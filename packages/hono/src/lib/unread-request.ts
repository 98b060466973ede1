import { ConfigError } from "@gatehouse/core";
import type { HonoRequest } from "hono";

/**
 * The request with a body core can still read. Normally `c.req.raw` itself; when a middleware has
 * read the body through `c.req` (`parseBody`, `json`, a validator), Hono keeps what it read, and a
 * new request is built from that: the bytes as they came, or a form read by `formData()` encoded
 * again (its fields are text; a urlencoded form has nothing else). `Content-Length` is the rebuilt
 * length, so core's 64 KiB limit applies as before.
 */
export async function unreadRequest(req: HonoRequest): Promise<Request> {
  const raw = req.raw;
  if (!raw.bodyUsed) return raw;
  const first = Object.keys(req.bodyCache)[0];
  if (first === undefined) {
    throw new ConfigError(
      "@gatehouse/hono: the request body was read through c.req.raw before Gatehouse, and Hono kept no " +
        "copy. Read bodies with c.req.json() / c.req.parseBody(), or mount gatehouseRoutes(auth) first.",
    );
  }
  let body: Uint8Array<ArrayBuffer>;
  if (first === "formData") {
    const form = new URLSearchParams();
    for (const [name, value] of await req.formData()) if (typeof value === "string") form.append(name, value);
    body = new TextEncoder().encode(form.toString());
  } else {
    body = new Uint8Array(await req.arrayBuffer());
  }
  const headers = new Headers(raw.headers);
  headers.set("content-length", String(body.byteLength));
  return new Request(raw.url, { method: raw.method, headers, body, signal: raw.signal });
}
