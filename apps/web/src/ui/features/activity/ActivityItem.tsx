import type { ActivityEntry } from "../../api/activity.ts";
import { describeDevice } from "../../lib/describe-device.ts";
import { formatDateTime, formatRelative } from "../../lib/format-time.ts";

/** Kinds an administrator does, for which "not by you" is no warning. */
const ADMIN_KINDS = new Set(["user-disabled", "user-enabled"]);

/** One entry: the sentence, when, and from which browser and address. */
export function ActivityItem({ entry, sentence }: { entry: ActivityEntry; sentence: string }) {
  const failed = entry.kind === "sign-in-failed";
  const device = entry.userAgent ? describeDevice(entry.userAgent).label : null;
  return (
    <li
      className={failed ? "item activity activity-failed" : "item activity"}
      data-entry={entry.id}
      data-testid="activity-entry"
      tabIndex={-1}
    >
      <p className="item-name">{sentence}</p>
      <ul className="item-meta">
        <li>
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> ({formatRelative(entry.at)})
        </li>
        {device && <li>{device}</li>}
        {entry.ip && <li>Address {entry.ip}</li>}
        {!entry.byYou && !failed && !ADMIN_KINDS.has(entry.kind) && <li>Not done by you</li>}
      </ul>
    </li>
  );
}
