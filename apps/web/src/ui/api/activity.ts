import { array, boolean, isRecord, record, string, stringOrNull } from "./narrow.ts";
import { getJson, type RequestOptions } from "./request.ts";

/** One entry of the user's security activity (`GET activity`). */
export interface ActivityEntry {
  id: string;
  at: string;
  /** An audit kind: `sign-in`, `sign-in-failed`, `password-changed`, … (core's AUDIT_KINDS). */
  kind: string;
  ip: string | null;
  userAgent: string | null;
  /** Facts of the kind (`method`, `reason`, `provider`, …): never secrets. */
  detail: Record<string, unknown>;
  /** The user did it themselves (false for a refused sign-in, or an administrator's action). */
  byYou: boolean;
}

/** A page of activity; `next` is the cursor of the following page, null after the last. */
export interface ActivityPage {
  entries: ActivityEntry[];
  next: string | null;
}

function parseEntry(value: unknown): ActivityEntry {
  const entry = record(value, "entry");
  return {
    id: string(entry.id, "entry.id"),
    at: string(entry.at, "entry.at"),
    kind: string(entry.kind, "entry.kind"),
    ip: stringOrNull(entry.ip, "entry.ip"),
    userAgent: stringOrNull(entry.userAgent, "entry.userAgent"),
    detail: isRecord(entry.detail) ? entry.detail : {},
    byYou: boolean(entry.byYou, "entry.byYou"),
  };
}

export function parseActivityPage(body: unknown): ActivityPage {
  const page = record(body, "activity");
  return { entries: array(page.entries, "entries", parseEntry), next: stringOrNull(page.next, "next") };
}

/**
 * `GET activity`: a page of the user's own security activity, newest first.
 * @example const { entries, next } = await fetchActivity({ limit: 20, cursor: null })
 */
export function fetchActivity(
  page: { limit: number; cursor: string | null },
  options?: RequestOptions,
): Promise<ActivityPage> {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.cursor) query.set("cursor", page.cursor);
  return getJson(`/activity?${query}`, parseActivityPage, options);
}
