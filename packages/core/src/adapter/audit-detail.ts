import { ConfigError } from "../errors/config-error.ts";
import type { StoredAuditEntry } from "./adapter.ts";

/**
 * An entry's `detail` checked and copied: small facts only, a flat object of strings, finite
 * numbers, booleans and null (what a JSON column keeps as given). Anything else is misuse, a
 * `ConfigError` whose message starts with `storage`.
 *
 * @example
 * const detail = auditDetail(entry.detail, "Gatehouse storage");
 */
export function auditDetail(detail: unknown, storage: string): StoredAuditEntry["detail"] {
  if (typeof detail !== "object" || detail === null || Array.isArray(detail)) {
    throw new ConfigError(`${storage}: appendAudit needs detail as an object`);
  }
  const copy: StoredAuditEntry["detail"] = {};
  for (const [key, value] of Object.entries(detail)) {
    const flat =
      value === null ||
      typeof value === "string" ||
      typeof value === "boolean" ||
      (typeof value === "number" && Number.isFinite(value));
    if (!flat) {
      throw new ConfigError(
        `${storage}: appendAudit detail values must be strings, finite numbers, booleans or null`,
      );
    }
    copy[key] = value;
  }
  return copy;
}
