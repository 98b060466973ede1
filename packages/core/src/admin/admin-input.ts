import { AuthError } from "../errors/auth-error.ts";

/** The longest user id looked up: generated ids are UUIDs; imported ones are kept short too. */
const MAX_ID_LENGTH = 255;
/** The longest reason an administrator gives: a note for the audit log, not a document. */
const MAX_REASON_LENGTH = 500;
/** A date (UTC), or a time with its zone: a time without one would be read in the server's zone. */
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
/** The longest cursor read: storage's are far shorter; anything longer is not one of them. */
const MAX_CURSOR_LENGTH = 1000;

/** A user id from a body field or query parameter: a non-empty string of bounded length, else `InvalidBody`. */
export function userIdOf(value: unknown, name = "id"): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_ID_LENGTH) {
    throw new AuthError("InvalidBody", { cause: `${name} must be a user id` });
  }
  return value;
}

/**
 * The administrator's reason (trimmed): undefined when absent or blank and not `required`; more
 * than `MAX_REASON_LENGTH` characters, or none when required, is `InvalidBody`.
 */
export function reasonOf(value: unknown, required: boolean): string | undefined {
  if (value !== undefined && typeof value !== "string") {
    throw new AuthError("InvalidBody", { cause: "reason must be text" });
  }
  const reason = value?.trim() ?? "";
  if (reason.length > MAX_REASON_LENGTH) {
    throw new AuthError("InvalidBody", { cause: `reason is longer than ${MAX_REASON_LENGTH} characters` });
  }
  if (reason === "" && required) throw new AuthError("InvalidBody", { cause: "a reason is required" });
  return reason === "" ? undefined : reason;
}

/**
 * A query parameter, or undefined when absent or empty (a console's form sends empty fields).
 * Repeated parameters are refused: which one counts would be a guess.
 */
export function paramOf(params: URLSearchParams, name: string): string | undefined {
  const values = params.getAll(name);
  if (values.length > 1) throw new AuthError("InvalidBody", { cause: `${name} is given more than once` });
  return values[0] === "" ? undefined : values[0];
}

/** `true` / `false` query parameter; undefined when absent. */
export function flagOf(params: URLSearchParams, name: string): boolean | undefined {
  const value = paramOf(params, name);
  if (value === undefined) return undefined;
  if (value === "true" || value === "false") return value === "true";
  throw new AuthError("InvalidBody", { cause: `${name} must be true or false` });
}

/** One of `allowed`, or undefined when absent. */
export function choiceOf<const T extends string>(
  params: URLSearchParams,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const value = paramOf(params, name);
  if (value === undefined) return undefined;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new AuthError("InvalidBody", { cause: `${name} must be one of ${allowed.join(", ")}` });
}

/** `?limit=`, a whole number from 1 to `max` (default `fallback`). */
export function limitOf(params: URLSearchParams, fallback: number, max = 100): number {
  const value = paramOf(params, "limit");
  if (value === undefined) return fallback;
  const limit = /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > max) {
    throw new AuthError("InvalidBody", { cause: `limit must be a whole number from 1 to ${max}` });
  }
  return limit;
}

/** `?cursor=`, the previous page's `next` (opaque; storage decides whether it is one of its own). */
export function cursorOf(params: URLSearchParams): string | null {
  const value = paramOf(params, "cursor");
  if (value === undefined) return null;
  if (value.length > MAX_CURSOR_LENGTH) {
    throw new AuthError("InvalidBody", { cause: "the cursor is not one a previous page gave" });
  }
  return value;
}

/**
 * An instant as ISO 8601 (`2026-04-03`, `2026-04-03T09:00Z`, `2026-04-03T09:00:00.000+02:00`), or
 * undefined when absent. Other spellings `Date` happens to read are refused: they differ between runtimes.
 */
export function instantOf(params: URLSearchParams, name: string): Date | undefined {
  const value = paramOf(params, name);
  if (value === undefined) return undefined;
  const match = ISO_INSTANT.exec(value);
  const at = match ? new Date(value) : null;
  // `Date` rolls 2026-02-31 over to March: a day the month does not have is refused, not moved.
  const [year, month, day] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
  const calendar = new Date(Date.UTC(year, month - 1, day));
  if (
    !at ||
    Number.isNaN(at.getTime()) ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day
  ) {
    throw new AuthError("InvalidBody", { cause: `${name} must be an ISO 8601 date or time` });
  }
  return at;
}

/** Storage refuses a cursor it did not hand out as misuse (a `TypeError`): the client's mistake, `InvalidBody`. */
export function cursorRefused(error: unknown): AuthError | null {
  if (error instanceof AuthError && error.cause instanceof TypeError) {
    return new AuthError("InvalidBody", { cause: "the cursor is not one a previous page gave" });
  }
  return null;
}
