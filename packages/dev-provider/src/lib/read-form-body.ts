import type { IncomingMessage } from "node:http";

/** Login forms are a few dozen bytes; anything far larger is not one. */
const MAX_FORM_BYTES = 16 * 1024;

/**
 * Reads an `application/x-www-form-urlencoded` request body, or returns `null` when the body is
 * of another type or larger than 16 KiB.
 */
export async function readFormBody(req: IncomingMessage): Promise<URLSearchParams | null> {
  const type = req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    if (!(chunk instanceof Buffer)) return null;
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}
