import { ConfigError } from "../errors/config-error.ts";

// Row copies and checks the memory adapter's tables share: a caller never holds a stored object.

/** A copy of a Date, refusing an invalid one as misuse (a ConfigError, as in the SQL adapter). */
export function validDate(date: Date, field: string): Date {
  if (!(date instanceof Date) || Number.isNaN(date.getTime())) {
    throw new ConfigError(`Gatehouse memory storage: ${field} must be a valid Date`);
  }
  return new Date(date.getTime());
}

export function checkNonEmpty(value: unknown, operation: string, what: string): void {
  if (typeof value !== "string" || value === "") {
    throw new ConfigError(`Gatehouse memory storage: ${operation} needs ${what}`);
  }
}

export function copyDate(date: Date | null): Date | null {
  return date === null ? null : new Date(date.getTime());
}

export function copyOrNull<T>(row: T | undefined, copy: (row: T) => T): T | null {
  return row === undefined ? null : copy(row);
}
