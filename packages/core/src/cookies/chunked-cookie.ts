import type { ResponseCookies } from "./response-cookies.ts";

/**
 * Browsers cap a cookie at 4096 bytes including its name and attributes. Values longer than this are
 * split into `<name>.0`, `<name>.1`, … The margin leaves room for the longest name and attributes.
 */
export const CHUNK_SIZE = 3936;

const CHUNK_SUFFIX = /^\.(\d{1,3})$/;

/** The session value from a plain cookie or its chunks, reassembled in numeric order; null if absent. */
export function readChunked(cookies: Map<string, string>, name: string): string | null {
  const plain = cookies.get(name);
  if (plain) return plain;
  const chunks: Array<[number, string]> = [];
  for (const [key, value] of cookies) {
    if (!key.startsWith(name) || !value) continue;
    const match = CHUNK_SUFFIX.exec(key.slice(name.length));
    if (match) chunks.push([Number(match[1]), value]);
  }
  if (chunks.length === 0) return null;
  chunks.sort((a, b) => a[0] - b[0]);
  // A gap means a chunk was lost; a partial token must not be tried.
  for (let i = 0; i < chunks.length; i++) if (chunks[i]![0] !== i) return null;
  return chunks.map(([, value]) => value).join("");
}

/** Names of every cookie in the request that belongs to the chunked cookie `name`. */
function existingNames(cookies: Map<string, string>, name: string): string[] {
  const names: string[] = [];
  for (const key of cookies.keys()) {
    if (key === name || (key.startsWith(name) && CHUNK_SUFFIX.test(key.slice(name.length)))) names.push(key);
  }
  return names;
}

/**
 * Writes `value` as one cookie or as chunks, and deletes every chunk the request had that this write
 * does not overwrite (so a shrinking value leaves no stale tail behind).
 */
export function writeChunked(
  out: ResponseCookies,
  request: Map<string, string>,
  name: string,
  value: string,
  attributes: { maxAge?: number; expires?: Date },
): void {
  const written = new Set<string>();
  // Chunk on the encoded length: that is what the browser stores.
  if (encodeURIComponent(value).length <= CHUNK_SIZE) {
    out.set(name, value, attributes);
    written.add(name);
  } else {
    const parts = splitEncoded(value);
    parts.forEach((part, i) => {
      out.set(`${name}.${i}`, part, attributes);
      written.add(`${name}.${i}`);
    });
  }
  for (const stale of existingNames(request, name)) if (!written.has(stale)) out.delete(stale);
}

/** Deletes the cookie and all of its chunks present in the request. */
export function deleteChunked(out: ResponseCookies, request: Map<string, string>, name: string): void {
  for (const key of existingNames(request, name)) out.delete(key);
}

/** Splits a value so that each part's percent-encoded form fits CHUNK_SIZE, never inside a character. */
function splitEncoded(value: string): string[] {
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of value) {
    const length = encodeURIComponent(char).length;
    if (size + length > CHUNK_SIZE) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += length;
  }
  if (current) parts.push(current);
  return parts;
}
