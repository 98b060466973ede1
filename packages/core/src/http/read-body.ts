import { AuthError } from "../errors/auth-error.ts";
import { jsonShape, MAX_JSON_DEPTH } from "./json-shape.ts";

/** Bodies over this are refused before they are parsed. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Bodies with more fields than this are refused before they are parsed (no endpoint takes a tenth). */
export const MAX_BODY_FIELDS = 1000;

/**
 * Reads a POST body as a flat record of strings (docs/protocol.md §1). Accepts form-urlencoded and JSON
 * objects whose values are strings (booleans and numbers are taken as their text, as clients send
 * `json: true`); anything else is refused with a catalogue code before any state changes. Size, field
 * count and JSON nesting are bounded before parsing (`BodyTooLarge`, `InvalidBody`), so no body can
 * make later code that walks it (serialising `data`, an app's callbacks) run out of stack.
 */
export async function readBody(request: Request): Promise<Record<string, string>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "application/json") {
    throw new AuthError("InvalidContentType");
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new AuthError("BodyTooLarge");
  const text = await readLimited(request);
  return type === "application/json" ? parseJson(text) : parseForm(text);
}

/** Streams the body and stops as soon as it passes the limit, so a lying Content-Length cannot exhaust memory. */
async function readLimited(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw new AuthError("BodyTooLarge");
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw new AuthError("InvalidBody", { cause: error });
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(concat(chunks, size));
  } catch (error) {
    throw new AuthError("InvalidBody", { cause: error });
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function parseForm(text: string): Record<string, string> {
  if (countOf(text, "&") >= MAX_BODY_FIELDS) {
    throw new AuthError("BodyTooLarge", { cause: `more than ${MAX_BODY_FIELDS} fields` });
  }
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) out[key] = value;
  return out;
}

function parseJson(text: string): Record<string, string> {
  const shape = jsonShape(text);
  if (shape.depth > MAX_JSON_DEPTH) {
    throw new AuthError("InvalidBody", { cause: `JSON nested deeper than ${MAX_JSON_DEPTH}` });
  }
  if (shape.members > MAX_BODY_FIELDS) {
    throw new AuthError("BodyTooLarge", { cause: `more than ${MAX_BODY_FIELDS} fields` });
  }
  let parsed: unknown;
  try {
    parsed = text === "" ? {} : JSON.parse(text);
  } catch (error) {
    throw new AuthError("InvalidBody", { cause: error });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new AuthError("InvalidBody");
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value === "string") out[key] = value;
    else if (typeof value === "boolean" || typeof value === "number") out[key] = String(value);
    else if (key === "data" && value !== undefined)
      out[key] = JSON.stringify(value); // POST session `{data}`; nested within MAX_JSON_DEPTH (above)
    else if (value !== null && value !== undefined) throw new AuthError("InvalidBody");
  }
  return out;
}

function countOf(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count++;
  return count;
}
