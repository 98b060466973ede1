import { ConfigError } from "../errors/config-error.ts";
import { normalizeEmail } from "../providers/email-address.ts";

/** The role that opens the admin API; always one of the assignable roles. */
export const ADMIN_ROLE = "admin";

/** Role names: short lowercase identifiers, so they read the same in storage, URLs and the console. */
const ROLE_NAME = /^[a-z][a-z0-9_-]{0,63}$/;

/** The `admin` option after the check at start-up. */
export interface AdminSettings {
  /** Normalised (NFKC, lowercase) addresses whose verified owners are administrators. */
  bootstrapEmails: readonly string[];
  /** The roles `admin-user-role` may assign: `admin` first, then the app's, without duplicates. */
  roles: readonly string[];
}

/**
 * Checks the `admin` option at start-up: `bootstrapEmails` must be email addresses and `roles` role
 * names (lowercase letters, digits, `-`, `_`; at most 64). Anything else throws a `ConfigError`.
 */
export function resolveAdmin(admin: unknown): AdminSettings {
  if (admin === undefined) return { bootstrapEmails: [], roles: [ADMIN_ROLE] };
  if (typeof admin !== "object" || admin === null) {
    throw new ConfigError(
      'Gatehouse: admin must be an object, e.g. { bootstrapEmails: ["you@example.com"] }.',
    );
  }
  const { bootstrapEmails = [], roles = [ADMIN_ROLE] } = admin as {
    bootstrapEmails?: unknown;
    roles?: unknown;
  };
  if (!Array.isArray(bootstrapEmails)) {
    throw new ConfigError(
      'Gatehouse: admin.bootstrapEmails must be a list of email addresses, e.g. ["you@example.com"].',
    );
  }
  const emails = bootstrapEmails.map((given: unknown) => {
    const email = normalizeEmail(given);
    if (!email) {
      throw new ConfigError(
        `Gatehouse: admin.bootstrapEmails: ${JSON.stringify(given)} is not an email address.`,
      );
    }
    return email;
  });
  if (!Array.isArray(roles)) {
    throw new ConfigError('Gatehouse: admin.roles must be a list of role names, e.g. ["admin", "support"].');
  }
  for (const role of roles as unknown[]) {
    if (typeof role !== "string" || !ROLE_NAME.test(role)) {
      throw new ConfigError(
        `Gatehouse: admin.roles: ${JSON.stringify(role)} is not a role name (lowercase letters, digits, '-' and '_', starting with a letter, at most 64).`,
      );
    }
  }
  return {
    bootstrapEmails: [...new Set(emails)],
    roles: [...new Set([ADMIN_ROLE, ...(roles as string[])])],
  };
}
