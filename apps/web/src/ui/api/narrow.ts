import { ApiError } from "./api-error.ts";

// The server's answers start as `unknown` and are narrowed here, once, at the boundary: a field of
// the wrong type is an answer this UI does not understand (`Default`), never a crash deep in a page.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Thrown when an answer does not have the shape the contract promises. */
export function malformed(what: string): ApiError {
  return new ApiError("Default", {
    status: 200,
    detail: `The server's answer could not be read (${what}).`,
  });
}

export function record(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw malformed(what);
  return value;
}

export function string(value: unknown, what: string): string {
  if (typeof value !== "string") throw malformed(what);
  return value;
}

export function stringOrNull(value: unknown, what: string): string | null {
  if (value === null || value === undefined) return null;
  return string(value, what);
}

export function boolean(value: unknown, what: string): boolean {
  if (typeof value !== "boolean") throw malformed(what);
  return value;
}

export function number(value: unknown, what: string): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw malformed(what);
  return value;
}

export function array<T>(value: unknown, what: string, item: (entry: unknown) => T): T[] {
  if (!Array.isArray(value)) throw malformed(what);
  return value.map(item);
}

/** `{ "ok": true }`, the answer of the console's actions. */
export function parseOk(body: unknown): { ok: true } {
  if (!isRecord(body) || body.ok !== true) throw malformed("ok");
  return { ok: true };
}
