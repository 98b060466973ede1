import type { Adapter, StoredAuditEntry } from "../adapter/adapter.ts";
import { describe } from "../errors/describe.ts";
import { emitEvent } from "../events/emit-event.ts";
import { clientAddressOf, userAgentOf } from "../http/client-address.ts";
import type { RequestContext } from "../http/request-context.ts";
import type { AuditKind } from "./audit-kinds.ts";

/**
 * What an action reports; the request adds when, from where and with what browser.
 *
 * Who is who: `actorId` is the user the request acts as — signed in, or just proven (a right
 * credential, a link mailed to their address, a new account) — and null when nobody is (a failed
 * sign-in). `subjectId` is the account concerned, or null when there is none (an address that has
 * no account: its typed text is never stored, see `recordSignInFailed`).
 */
export interface AuditEvent {
  kind: AuditKind;
  /** Who did it: a user id, or null (someone not signed in, the system). */
  actorId: string | null;
  /** Whom it concerns, or null. Usually the actor. */
  subjectId: string | null;
  /** Small facts (reason, method, provider): never a secret, token, code or password. */
  detail?: StoredAuditEntry["detail"];
}

/**
 * Appends an entry to the audit log when the adapter keeps one (`appendAudit`) and the app did not
 * turn it off (`audit: false`), then hands it to the app's `audit` event handler, if any. Awaited, so
 * the entry is stored before the answer goes out; a storage failure is logged (`AuditWriteFailed`)
 * and never fails the request it describes.
 *
 * @example await recordAudit(ctx, { kind: "password-changed", actorId: user.id, subjectId: user.id })
 */
export async function recordAudit(ctx: RequestContext, event: AuditEvent): Promise<void> {
  const { events } = ctx.config;
  const store = auditStore(ctx);
  if (!store && !events.audit) return;
  const entry: Omit<StoredAuditEntry, "id"> = {
    at: new Date(ctx.now),
    kind: event.kind,
    actorId: event.actorId,
    subjectId: event.subjectId,
    ip: clientAddressOf(ctx),
    userAgent: userAgentOf(ctx),
    detail: event.detail ?? {},
  };
  let stored: StoredAuditEntry | null = null;
  if (store) {
    try {
      stored = await store.appendAudit!(entry);
    } catch (error) {
      ctx.config.logger.error("AuditWriteFailed", { kind: event.kind, cause: describe(error) });
    }
  }
  if (events.audit) await emitEvent(ctx, "audit", stored ?? { ...entry, id: null });
}

/**
 * Whether an entry would go anywhere (storage, or the app's `audit` handler): a caller that must
 * read something only for the entry (whose address was typed) asks this first.
 */
export function auditOn(ctx: RequestContext): boolean {
  return auditStore(ctx) !== null || ctx.config.events.audit !== undefined;
}

function auditStore(ctx: RequestContext): Adapter | null {
  const { adapter, audit } = ctx.config;
  return audit !== false && typeof adapter?.appendAudit === "function" ? adapter : null;
}
