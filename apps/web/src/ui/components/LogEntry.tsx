import type { ReactNode } from "react";

/**
 * One entry of a log (the account's security activity, the admin console's audit log): what happened,
 * a list of what is known of it (`meta`, its `<li>`s), then anything more. It can take the focus and
 * `data-entry` finds it, so that "Load more" can move the focus to the first new entry.
 *
 * @example <LogEntry id={entry.id} className="activity" testId="activity-entry" title={sentence} meta={<li>…</li>} />
 */
export function LogEntry({
  id,
  className,
  testId,
  title,
  meta,
  children,
}: {
  id: string;
  /** Besides `item`: the log's own, and a failure's (`activity activity-failed`). */
  className: string;
  testId: string;
  title: ReactNode;
  meta: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className={`item ${className}`} data-entry={id} data-testid={testId} tabIndex={-1}>
      <p className="item-name">{title}</p>
      <ul className="item-meta">{meta}</ul>
      {children}
    </li>
  );
}
