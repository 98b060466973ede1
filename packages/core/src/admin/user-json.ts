import type { Adapter, AdapterUser } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import type { AdminSettings } from "../config/resolve-admin.ts";
import { isAdmin } from "./is-admin.ts";

/**
 * A user as the admin API answers one (`admin-users`, `admin-user`, and the writes): profile, state
 * and role. Dates are ISO strings. Never a password hash, secret or token.
 */
export interface AdminUser {
  id: string;
  /** Null for a user without one (a credentials or imported user). */
  email: string | null;
  name: string | null;
  image: string | null;
  emailVerified: string | null;
  createdAt: string | null;
  disabledAt: string | null;
  role: string | null;
  /** An administrator: by role, or by a verified bootstrap address. */
  admin: boolean;
  /** Two-factor is on. */
  twoFactor: boolean;
}

/** The answer's form of a stored user whose two-factor state is known. */
export function adminUser(user: AdapterUser & { twoFactor: boolean }, settings: AdminSettings): AdminUser {
  return {
    id: user.id,
    email: user.email ?? null,
    name: user.name ?? null,
    image: user.image ?? null,
    emailVerified: isoOrNull(user.emailVerified),
    createdAt: isoOrNull(user.createdAt),
    disabledAt: isoOrNull(user.disabledAt),
    role: user.role ?? null,
    admin: isAdmin(user, settings),
    twoFactor: user.twoFactor,
  };
}

/** `adminUser` for a user read alone: their two-factor state is one more read (false without the method). */
export async function adminUserOf(
  adapter: Adapter,
  user: AdapterUser,
  settings: AdminSettings,
): Promise<AdminUser> {
  const enrolment = adapter.getTwoFactor ? await callAdapter(adapter, "getTwoFactor", user.id) : null;
  return adminUser({ ...user, twoFactor: enrolment?.enabledAt != null }, settings);
}

function isoOrNull(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}
