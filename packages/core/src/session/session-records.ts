import type { Adapter } from "../adapter/adapter.ts";
import { callAdapter } from "../adapter/call-adapter.ts";
import { clientAddressOf, userAgentOf } from "../http/client-address.ts";
import type { RequestContext } from "../http/request-context.ts";
import { toHex } from "../lib/encoding.ts";
import { sha256Hex } from "../lib/sha256.ts";

/** How long one instance trusts a user's list of live jwt sessions: a revocation reaches every instance within it. */
export const LIVE_SESSIONS_TTL_MS = 1000;
/**
 * How far apart two instances' clocks may be. A session absent from a list read this long after it
 * was created (by the reading instance's clock) is gone; one absent from an earlier list may be newer
 * than the list, and storage decides. Generous on purpose: too small signs fresh sessions out, too
 * large only costs a just-revoked token a read per request for a few more seconds.
 */
export const MAX_CLOCK_SKEW_MS = 5000;
/** Users remembered at once; the oldest entry goes first. */
const MAX_ENTRIES = 50_000;

/** What a new session's record says about it. */
export interface NewSessionRecord {
  userId: string;
  /** The provider id of the sign-in (`password`, `passkey`, `github`, …). */
  method: string;
  /** The second factor the sign-in passed (`totp`, `backup`, `passkey`); null when it took none. */
  secondFactor: string | null;
  expires: Date;
  /** Database strategy: the stored hash of its token; null for a jwt session. */
  sessionTokenHash: string | null;
}

/**
 * The sessions a user can see and end (the account console), kept beside either strategy when the
 * adapter stores records. A database session's record id is derived from its token hash, so the
 * strategy finds it without a lookup; a jwt session's is random and travels in the token as `sid`.
 *
 * A jwt session is checked against its user's live record ids, cached per user for
 * `LIVE_SESSIONS_TTL_MS`: GET session costs one map lookup, and one indexed read per user per second
 * on each instance; a revocation on any instance holds everywhere within a second. A cached list
 * only ever vouches for an id: an id missing from a list read before its session could have been
 * created (on another instance, a moment ago) is looked up again, so a new sign-in is never refused
 * by an older list, while an old revoked token is refused from the cache.
 */
export interface SessionRecords {
  /**
   * Records a new session at sign-in; resolves to its id. A database session (`sessionTokenHash`)
   * is stored by this call too, with its record, in one transaction.
   */
  create(ctx: RequestContext, input: NewSessionRecord): Promise<string>;
  /** The session was used and its expiry moved (its token renewed). */
  touch(ctx: RequestContext, id: string, expires: Date): Promise<void>;
  /**
   * Whether the jwt session `id` of the user is still live (not revoked, not expired). `createdBy`
   * (epoch ms, the creating instance's clock): its record, if any, was created no later than this.
   */
  isLive(userId: string, id: string, times: { now: number; createdBy: number }): Promise<boolean>;
  /** Ends one of the user's sessions; the deleted record's token hash (database), or false when there was none. */
  remove(userId: string, id: string): Promise<{ sessionTokenHash: string | null } | false>;
  /** Ends every session of the user but `keepId`; resolves to how many ended. */
  removeAll(userId: string, keepId: string | null): Promise<number>;
  /**
   * Storage ended the user's sessions by itself (a claimed account): this instance stops trusting
   * its cached list at once, instead of within `LIVE_SESSIONS_TTL_MS`. Writes nothing.
   */
  forget(userId: string): void;
}

type RecordAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "createSessionRecord"
      | "listSessionRecordIds"
      | "touchSessionRecord"
      | "deleteSessionRecord"
      | "deleteSessionRecords"
    >
  >;

const METHODS = [
  "createSessionRecord",
  "listSessionRecords",
  "listSessionRecordIds",
  "touchSessionRecord",
  "deleteSessionRecord",
  "deleteSessionRecords",
] as const;

/** Null when the adapter keeps no records (an Auth.js adapter, or none): sessions are then not listed. */
export function createSessionRecords(adapter: Adapter | null): SessionRecords | null {
  if (!adapter || METHODS.some((method) => typeof adapter[method] !== "function")) return null;
  const store = adapter as RecordAdapter;
  const live = new Map<string, { ids: Set<string>; readAt: number }>();

  function remember(userId: string, ids: Set<string>, now: number): void {
    // Reads can finish out of order: a list read earlier never replaces one read later.
    const known = live.get(userId);
    if (known && known.readAt > now) return;
    live.delete(userId);
    if (live.size >= MAX_ENTRIES) live.delete(live.keys().next().value as string);
    live.set(userId, { ids, readAt: now });
  }

  return {
    async create(ctx, input) {
      const id =
        input.sessionTokenHash === null
          ? randomRecordId()
          : await recordIdOfTokenHash(input.sessionTokenHash);
      const at = new Date(ctx.now);
      await callAdapter(store, "createSessionRecord", {
        id,
        userId: input.userId,
        sessionTokenHash: input.sessionTokenHash,
        createdAt: at,
        lastActiveAt: at,
        expires: input.expires,
        ip: clientAddressOf(ctx),
        userAgent: userAgentOf(ctx),
        method: input.method,
        secondFactor: input.secondFactor,
      });
      // This instance knows the new id at once (the cached list predates it).
      live.get(input.userId)?.ids.add(id);
      return id;
    },

    async touch(ctx, id, expires) {
      await callAdapter(store, "touchSessionRecord", id, new Date(ctx.now), expires);
    },

    async isLive(userId, id, { now, createdBy }) {
      const known = live.get(userId);
      if (known && now - known.readAt < LIVE_SESSIONS_TTL_MS) {
        if (known.ids.has(id)) return true;
        // Absent from a list read after the session began (whatever the clocks): revoked or expired.
        if (known.readAt >= createdBy + MAX_CLOCK_SKEW_MS) return false;
        // Otherwise the list may predate the session (made on another instance just now): storage decides.
      }
      const ids = new Set(await callAdapter(store, "listSessionRecordIds", userId, new Date(now)));
      remember(userId, ids, now);
      return ids.has(id);
    },

    async remove(userId, id) {
      const removed = await callAdapter(store, "deleteSessionRecord", userId, id);
      live.delete(userId);
      return removed ? { sessionTokenHash: removed.sessionTokenHash } : false;
    },

    async removeAll(userId, keepId) {
      const count = await callAdapter(store, "deleteSessionRecords", userId, keepId);
      live.delete(userId);
      return count;
    },

    forget(userId) {
      live.delete(userId);
    },
  };
}

/**
 * The record id of a database session: derived from its token hash (one way, under a purpose of its
 * own), so the strategy finds its record with no lookup and the id reveals neither token nor hash.
 */
export async function recordIdOfTokenHash(tokenHash: string): Promise<string> {
  return (await sha256Hex(`gatehouse.session-record:${tokenHash}`)).slice(0, 32);
}

/** A jwt session's record id: 128 random bits, as 32 hex digits like a database session's. */
function randomRecordId(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)));
}
