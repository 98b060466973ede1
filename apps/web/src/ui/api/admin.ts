// The admin API (`/api/auth/admin-*`, docs/admin.md): typed fetch wrappers whose answers start as
// `unknown` and are narrowed here. Every call needs a signed-in administrator; the server answers 403
// `AdminRequired` otherwise, before it reads anything about the target.
import type { AdminAuditEntry, AdminUser } from "@gatehouse/core";
import { array, boolean, isRecord, number, parseOk, record, string, stringOrNull } from "./narrow.ts";
import { getJson, postAction, type RequestOptions } from "./request.ts";
import { parseRevoked, parseSessionFields, type SessionInfo } from "./sessions.ts";

// Declared once, by core's endpoints that answer them; type imports, which the bundle leaves out.
export type { AdminUser };

/** What the users list asks for; the same fields as the list's URL search parameters. */
export interface UserListQuery {
  /** The start of an email address or a name (any case), or an exact user id. */
  q?: string;
  disabled?: boolean;
  unverified?: boolean;
  twoFactor?: boolean;
  role?: string;
  sort?: UserSort;
  order?: SortOrder;
}

export type UserSort = "created" | "email" | "name";
export type SortOrder = "asc" | "desc";

/** One page of a list; `next` is the cursor of the following page, null after the last. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** A provider account linked to the user. */
export interface AdminLinkedAccount {
  provider: string;
  name: string;
  type: string;
  providerAccountId: string;
}

export interface AdminPasskey {
  id: string;
  name: string | null;
  createdAt: string | null;
  lastUsedAt: string | null;
  deviceType: string | null;
  backedUp: boolean;
}

/** One of the user's sessions (no `current`: none of them is the administrator's). */
export type AdminSession = Omit<SessionInfo, "current">;

/**
 * An audit entry: who did what to whom, when, from where. Its `detail` (facts of the kind: `method`,
 * `reason`, `role`, …; never secrets) is read as it comes, for `entryFacts` to narrow.
 */
export type AuditEntry = Omit<AdminAuditEntry, "detail"> & { detail: Record<string, unknown> };

/** `GET admin-user`: everything an administrator sees of one user. */
export interface AdminUserDetail {
  user: AdminUser;
  accounts: AdminLinkedAccount[];
  methods: {
    password: boolean;
    passkeys: AdminPasskey[];
    twoFactor: boolean;
    /** Unused backup codes. */
    backupCodes: number;
  };
  /** Null when the storage keeps no session records (the list cannot be read). */
  sessions: AdminSession[] | null;
  /** The newest audit entries about the user. */
  activity: AuditEntry[];
  /**
   * The roles the site assigns, when the server says (`roles`); else null, and the console offers
   * `admin` alone (core's default).
   */
  roles: string[] | null;
}

/** `GET admin-overview`: counts for the last day. */
export interface AdminOverview {
  users: number;
  disabledUsers: number;
  activeSessions: number;
  signIns: number;
  failedSignIns: number;
  /** The start of the period the sign-in counts cover. */
  since: string;
}

/** What the audit log asks for. */
export interface AuditQuery {
  /** Audit kinds; none: every kind. */
  kinds?: readonly string[];
  /** Entries whose actor or subject is this user id. */
  user?: string;
  /** ISO-8601 instants. */
  from?: string;
  to?: string;
}

const optionalString = (value: unknown, what: string) => stringOrNull(value, what) || null;

function parseUser(value: unknown): AdminUser {
  const user = record(value, "user");
  return {
    id: string(user.id, "user.id"),
    email: stringOrNull(user.email, "user.email"),
    name: stringOrNull(user.name, "user.name"),
    image: optionalString(user.image, "user.image"),
    emailVerified: stringOrNull(user.emailVerified, "user.emailVerified"),
    createdAt: stringOrNull(user.createdAt, "user.createdAt"),
    disabledAt: stringOrNull(user.disabledAt, "user.disabledAt"),
    role: optionalString(user.role, "user.role"),
    admin: boolean(user.admin, "user.admin"),
    twoFactor: boolean(user.twoFactor, "user.twoFactor"),
  };
}

function parseAuditEntry(value: unknown): AuditEntry {
  const entry = record(value, "entry");
  return {
    id: string(entry.id, "entry.id"),
    at: string(entry.at, "entry.at"),
    kind: string(entry.kind, "entry.kind"),
    actorId: stringOrNull(entry.actorId, "entry.actorId"),
    actorEmail: stringOrNull(entry.actorEmail, "entry.actorEmail"),
    subjectId: stringOrNull(entry.subjectId, "entry.subjectId"),
    subjectEmail: stringOrNull(entry.subjectEmail, "entry.subjectEmail"),
    ip: stringOrNull(entry.ip, "entry.ip"),
    userAgent: stringOrNull(entry.userAgent, "entry.userAgent"),
    detail: isRecord(entry.detail) ? entry.detail : {},
  };
}

function parsePasskey(value: unknown): AdminPasskey {
  const passkey = record(value, "passkey");
  return {
    id: string(passkey.id, "passkey.id"),
    name: optionalString(passkey.name, "passkey.name"),
    createdAt: stringOrNull(passkey.createdAt, "passkey.createdAt"),
    lastUsedAt: stringOrNull(passkey.lastUsedAt, "passkey.lastUsedAt"),
    deviceType: optionalString(passkey.deviceType, "passkey.deviceType"),
    backedUp: passkey.backedUp === true,
  };
}

function parseLinkedAccount(value: unknown): AdminLinkedAccount {
  const account = record(value, "account");
  const provider = string(account.provider, "account.provider");
  return {
    provider,
    name: optionalString(account.name, "account.name") ?? provider,
    type: String(account.type ?? ""),
    providerAccountId: String(account.providerAccountId ?? ""),
  };
}

export function parseUserPage(body: unknown): Page<AdminUser> {
  const page = record(body, "users");
  return { items: array(page.users, "users", parseUser), next: stringOrNull(page.next, "next") };
}

export function parseAuditPage(body: unknown): Page<AuditEntry> {
  const page = record(body, "audit");
  return { items: array(page.entries, "entries", parseAuditEntry), next: stringOrNull(page.next, "next") };
}

export function parseUserDetail(body: unknown): AdminUserDetail {
  const answer = record(body, "admin-user");
  const methods = record(answer.methods, "methods");
  const roles = answer.roles;
  return {
    user: parseUser(answer.user),
    accounts: array(answer.accounts ?? [], "accounts", parseLinkedAccount),
    methods: {
      password: boolean(methods.password, "methods.password"),
      passkeys: array(methods.passkeys ?? [], "methods.passkeys", parsePasskey),
      twoFactor: boolean(methods.twoFactor, "methods.twoFactor"),
      backupCodes: typeof methods.backupCodes === "number" ? methods.backupCodes : 0,
    },
    sessions: answer.sessions === null ? null : array(answer.sessions, "sessions", parseSessionFields),
    activity: array(answer.activity ?? [], "activity", parseAuditEntry),
    roles: Array.isArray(roles) && roles.every((role) => typeof role === "string") ? roles : null,
  };
}

export function parseOverview(body: unknown): AdminOverview {
  const answer = record(body, "admin-overview");
  return {
    users: number(answer.users, "users"),
    disabledUsers: number(answer.disabledUsers, "disabledUsers"),
    activeSessions: number(answer.activeSessions, "activeSessions"),
    signIns: number(answer.signIns, "signIns"),
    failedSignIns: number(answer.failedSignIns, "failedSignIns"),
    since: string(answer.since, "since"),
  };
}

/** The answer of the actions that change a user: `{ ok, user }`. */
function parseChangedUser(body: unknown): AdminUser {
  parseOk(body);
  return parseUser(record(body, "answer").user);
}

/** Sets `name` to `value` when there is one; booleans as `true` / `false`. */
function put(params: URLSearchParams, name: string, value: string | boolean | undefined): void {
  if (value === undefined || value === "") return;
  params.set(name, String(value));
}

/**
 * The query string of `GET admin-users` for a list query and a page.
 * @example userListParams({ q: "ada", disabled: true }, { limit: 25, cursor: null }).toString() // "q=ada&disabled=true&limit=25"
 */
export function userListParams(
  query: UserListQuery,
  page: { limit: number; cursor: string | null },
): URLSearchParams {
  const params = new URLSearchParams();
  put(params, "q", query.q?.trim());
  put(params, "disabled", query.disabled);
  put(params, "unverified", query.unverified);
  put(params, "twoFactor", query.twoFactor);
  put(params, "role", query.role);
  put(params, "sort", query.sort);
  put(params, "order", query.order);
  put(params, "cursor", page.cursor ?? undefined);
  params.set("limit", String(page.limit));
  return params;
}

/**
 * The query string of `GET admin-audit` for a filter and a page.
 * @example auditParams({ kinds: ["sign-in-failed"] }, { limit: 25, cursor: null }).toString() // "kind=sign-in-failed&limit=25"
 */
export function auditParams(
  query: AuditQuery,
  page: { limit: number; cursor: string | null },
): URLSearchParams {
  const params = new URLSearchParams();
  put(params, "kind", query.kinds?.join(","));
  put(params, "user", query.user?.trim());
  put(params, "from", query.from);
  put(params, "to", query.to);
  put(params, "cursor", page.cursor ?? undefined);
  params.set("limit", String(page.limit));
  return params;
}

/**
 * `GET admin-overview`.
 * @example const { users, failedSignIns } = await fetchOverview()
 */
export function fetchOverview(options?: RequestOptions): Promise<AdminOverview> {
  return getJson("/admin-overview", parseOverview, options);
}

/**
 * `GET admin-users`: a page of users matching `query`.
 * @example const { items, next } = await fetchUsers({ q: "ada" }, { limit: 25, cursor: null })
 */
export function fetchUsers(
  query: UserListQuery,
  page: { limit: number; cursor: string | null },
  options?: RequestOptions,
): Promise<Page<AdminUser>> {
  return getJson(`/admin-users?${userListParams(query, page)}`, parseUserPage, options);
}

/**
 * `GET admin-user`: 404 `UserNotFound` for an unknown id.
 * @example const { user, sessions } = await fetchUser(id)
 */
export function fetchUser(id: string, options?: RequestOptions): Promise<AdminUserDetail> {
  return getJson(`/admin-user?${new URLSearchParams({ id })}`, parseUserDetail, options);
}

/**
 * `GET admin-audit`: a page of the audit log, newest first.
 * @example const { items } = await fetchAudit({ kinds: ["user-disabled"] }, { limit: 25, cursor: null })
 */
export function fetchAudit(
  query: AuditQuery,
  page: { limit: number; cursor: string | null },
  options?: RequestOptions,
): Promise<Page<AuditEntry>> {
  return getJson(`/admin-audit?${auditParams(query, page)}`, parseAuditPage, options);
}

/**
 * `POST admin-user-disable`: the user's sessions end at once and their sign-in is refused.
 * @example const user = await disableUser({ id, reason: "Phishing report" })
 */
export function disableUser(
  change: { id: string; reason?: string },
  options?: RequestOptions,
): Promise<AdminUser> {
  return postAction(
    "/admin-user-disable",
    withReason({ id: change.id }, change.reason),
    parseChangedUser,
    options,
  );
}

/**
 * `POST admin-user-enable`, with an optional reason the audit log keeps.
 * @example const user = await enableUser({ id, reason: "Identity checked by phone" })
 */
export function enableUser(
  change: { id: string; reason?: string },
  options?: RequestOptions,
): Promise<AdminUser> {
  return postAction(
    "/admin-user-enable",
    withReason({ id: change.id }, change.reason),
    parseChangedUser,
    options,
  );
}

/**
 * `POST admin-sessions-revoke`: one session of the user (`sessionId`), or all of them.
 * @example const { revoked } = await revokeUserSessions({ id })
 */
export function revokeUserSessions(
  target: { id: string; sessionId?: string; reason?: string },
  options?: RequestOptions,
): Promise<{ revoked: number }> {
  const fields: Record<string, string> = { id: target.id };
  if (target.sessionId) fields.sessionId = target.sessionId;
  return postAction("/admin-sessions-revoke", withReason(fields, target.reason), parseRevoked, options);
}

/**
 * `POST admin-password-reset`: mails the user a link to choose a new password; an optional reason
 * for the audit log.
 * @example await sendPasswordReset({ id, reason: "Asked by phone" })
 */
export function sendPasswordReset(
  target: { id: string; reason?: string },
  options?: RequestOptions,
): Promise<{ ok: true }> {
  return postAction("/admin-password-reset", withReason({ id: target.id }, target.reason), parseOk, options);
}

/** `fields` with `reason` when one was given (trimmed); a blank one is left out. */
function withReason(fields: Record<string, string>, reason: string | undefined): Record<string, string> {
  return reason?.trim() ? { ...fields, reason: reason.trim() } : fields;
}

/**
 * `POST admin-two-factor-remove`, with the reason the audit log keeps.
 * @example await removeTwoFactor({ id, reason: "Lost phone, identity checked by phone call" })
 */
export function removeTwoFactor(
  change: { id: string; reason: string },
  options?: RequestOptions,
): Promise<{ ok: true }> {
  return postAction(
    "/admin-two-factor-remove",
    { id: change.id, reason: change.reason.trim() },
    parseOk,
    options,
  );
}

/**
 * `POST admin-user-delete`: needs a recent sign-in (403 `ReauthenticationRequired`).
 * @example await deleteUser({ id, reason: "Asked by the user" })
 */
export function deleteUser(
  change: { id: string; reason?: string },
  options?: RequestOptions,
): Promise<{ ok: true }> {
  return postAction("/admin-user-delete", withReason({ id: change.id }, change.reason), parseOk, options);
}

/**
 * `POST admin-user-role`: `role` "" clears it; an optional reason for the audit log. Needs a recent
 * sign-in.
 * @example const user = await setUserRole({ id, role: "admin", reason: "New on the support team" })
 */
export function setUserRole(
  change: { id: string; role: string; reason?: string },
  options?: RequestOptions,
): Promise<AdminUser> {
  const fields = withReason({ id: change.id, role: change.role }, change.reason);
  return postAction("/admin-user-role", fields, parseChangedUser, options);
}
