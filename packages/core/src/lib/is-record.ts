/** A plain object of values by name (not null, not an array): what a JSON object or an options object is. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
