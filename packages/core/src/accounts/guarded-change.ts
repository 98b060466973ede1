import type { Services } from "../actions/services.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { AuthError } from "../errors/auth-error.ts";
import type { RequestContext } from "../http/request-context.ts";
import { keepsGenerations } from "./security-generation.ts";

/*
 * A signed-in request that adds a way into the account (a password, a passkey, two-factor, a linked
 * provider account) or asks for a link (an email change) races the security changes that end its
 * session: the owner of the address claiming an unverified account, a password reset, sign-out
 * everywhere. An attacker who keeps such requests in flight — one after another — always has one
 * running when the owner acts. Two steps make every outcome safe:
 *
 * 1. The user (and so the generation, `seen`) is read after the session was checked, and then the
 *    session is checked again against storage, past the one-second caches: `sessionStillStored`. A
 *    change that ended the session before the read is caught here; one after it moves the
 *    generation away from `seen`.
 * 2. What the request writes is written, then the generation moves on from `seen` by
 *    compare-and-set (`keepOrUndo`). If it had moved, the write may have landed after a change that
 *    should have removed it: it is taken back. A link is bound to `seen` and needs no step 2: the
 *    moved generation voids it.
 */

/**
 * Throws `SessionRequired` unless the request's session is still stored: its record, read from
 * storage (the jwt strategy trusts a cached list for up to a second). Without session records, a
 * database session is read from storage on every request anyway, and a jwt one cannot be ended
 * early at all.
 */
export async function sessionStillStored(
  ctx: RequestContext,
  services: Services,
  current: { userId: string; recordId: string | null },
): Promise<void> {
  const adapter = ctx.config.adapter;
  let stored: boolean;
  if (current.recordId !== null && services.records && typeof adapter?.listSessionRecordIds === "function") {
    const ids = await callAdapter(adapter, "listSessionRecordIds", current.userId, new Date(ctx.now));
    stored = ids.includes(current.recordId);
  } else {
    stored = (await services.sessions.current(ctx))?.userId === current.userId;
  }
  if (!stored) throw new AuthError("SessionRequired", { cause: "the session ended while the request ran" });
}

/**
 * Keeps what was just written for the signed-in user, or takes it back (see above): moves the
 * generation on from `seen` and resolves to the new one; when it had moved already, runs `undo`
 * and throws `AccountChanged`. An adapter without generations keeps everything (it has nothing to
 * race with: no claim, no link bound to a generation).
 *
 * @example
 * const stored = await callAdapter(adapter, "createPasskey", passkey);
 * await keepOrUndo(ctx, { userId, seen, undo: () => callAdapter(adapter, "deletePasskey", userId, stored.id) });
 */
export async function keepOrUndo(
  ctx: RequestContext,
  change: { userId: string; seen: number; undo: () => Promise<unknown> },
): Promise<number> {
  const adapter = ctx.config.adapter;
  if (!keepsGenerations(adapter)) return change.seen;
  const next = await callAdapter(adapter, "bumpSecurityGeneration", change.userId, change.seen);
  if (next !== null) return next;
  await change.undo();
  ctx.config.logger.warn("CredentialChangeUndone", { userId: change.userId });
  throw new AuthError("AccountChanged", {
    cause: "a security change committed while the change was written",
  });
}
