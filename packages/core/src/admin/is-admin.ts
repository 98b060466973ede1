import type { AdapterUser } from "../adapter/adapter.ts";
import { ADMIN_ROLE } from "../config/resolve-admin.ts";
import { normalizeEmail } from "../providers/email-address.ts";

/** What deciding needs of a user: as storage hands it back (`getUser`), or a `UserSummary`. */
export type AdminCandidate = Pick<AdapterUser, "email" | "emailVerified" | "role" | "disabledAt">;

/**
 * Whether a stored user is an administrator: their role is `admin`, or their *verified* address is
 * one of `bootstrapEmails` (compared case-insensitively). A disabled user never is. An unverified
 * address does not count: anyone can sign up with one they do not own.
 *
 * @example
 * const user = await adapter.getUser(userId);
 * if (!isAdmin(user, { bootstrapEmails: ["ops@example.com"] })) return new Response(null, { status: 403 });
 */
export function isAdmin(
  user: AdminCandidate | null | undefined,
  admin: { bootstrapEmails?: readonly string[] } = {},
): boolean {
  if (!user || user.disabledAt) return false;
  if (user.role === ADMIN_ROLE) return true;
  if (!user.emailVerified || !admin.bootstrapEmails?.length) return false;
  const email = normalizeEmail(user.email);
  return email !== null && admin.bootstrapEmails.some((listed) => normalizeEmail(listed) === email);
}
