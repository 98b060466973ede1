import { callAdapter } from "../adapter/call-adapter.ts";
import { paramOf, userIdOf } from "../admin/admin-input.ts";
import { adminAuditEntries } from "../admin/audit-json.ts";
import { requireAdmin } from "../admin/require-admin.ts";
import { targetUser } from "../admin/target-user.ts";
import { adminUser } from "../admin/user-json.ts";
import { json, type Outcome } from "../http/outcome.ts";
import type { RequestContext } from "../http/request-context.ts";
import { sessionInfo } from "../session/session-info.ts";
import type { Services } from "./services.ts";

/** The newest entries the user page shows; `admin-audit?user=` pages through the rest. */
const ACTIVITY_LIMIT = 20;

/**
 * `GET admin-user?id=` (JSON), for an administrator: one user — profile and state, linked provider
 * accounts, sign-in methods (password or not, passkeys, two-factor, unused backup codes), live
 * sessions (null when storage keeps no session records), and the 20 newest audit entries whose
 * actor or subject they are. Never a password hash, TOTP secret, token or passkey public key: every
 * field below is picked, nothing stored is passed through whole.
 */
export async function adminUserAction(
  ctx: RequestContext,
  _route: unknown,
  services: Services,
): Promise<Outcome> {
  const { adapter, admin, current } = await requireAdmin(ctx, services);
  const user = await targetUser(adapter, userIdOf(paramOf(ctx.url.searchParams, "id")));
  const now = new Date(ctx.now);
  const [accounts, passwordHash, passkeys, enrolment, backupCodes, sessions, activity] = await Promise.all([
    adapter.listAccountsByUserId ? callAdapter(adapter, "listAccountsByUserId", user.id) : [],
    adapter.getPasswordHash ? callAdapter(adapter, "getPasswordHash", user.id) : null,
    adapter.listPasskeys ? callAdapter(adapter, "listPasskeys", user.id) : [],
    adapter.getTwoFactor ? callAdapter(adapter, "getTwoFactor", user.id) : null,
    adapter.countBackupCodes ? callAdapter(adapter, "countBackupCodes", user.id) : 0,
    services.records && adapter.listSessionRecords
      ? callAdapter(adapter, "listSessionRecords", user.id, now)
      : null,
    adapter.queryAudit
      ? callAdapter(adapter, "queryAudit", { userId: user.id, limit: ACTIVITY_LIMIT })
      : { entries: [], next: null },
  ]);
  const twoFactor = enrolment?.enabledAt != null;
  return json({
    user: adminUser({ ...user, twoFactor }, ctx.config.admin),
    /** The roles `admin-user-role` accepts, for the console's picker. */
    roles: ctx.config.admin.roles,
    accounts: accounts.map((account) => ({
      provider: account.provider,
      name: ctx.config.providers.get(account.provider)?.name ?? account.provider,
      type: account.type,
      providerAccountId: account.providerAccountId,
    })),
    methods: {
      password: passwordHash !== null,
      passkeys: passkeys.map((passkey) => ({
        id: passkey.id,
        name: passkey.name,
        createdAt: passkey.createdAt.toISOString(),
        lastUsedAt: passkey.lastUsedAt ? passkey.lastUsedAt.toISOString() : null,
        deviceType: passkey.deviceType,
        backedUp: passkey.backedUp,
      })),
      twoFactor,
      backupCodes: twoFactor ? backupCodes : 0,
    },
    // `current` marks the administrator's own session when the page is their own.
    sessions:
      sessions?.map((record) => sessionInfo(record, user.id === admin.id ? current.recordId : null)) ?? null,
    activity: await adminAuditEntries(adapter, activity.entries),
  });
}
