// Dates as people read them in a language: the page's (use-format.ts passes i18next's), or the
// browser's when `locale` is undefined.

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/** The largest unit that fits, as `Intl.RelativeTimeFormat` wants it. */
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", YEAR],
  ["month", MONTH],
  ["week", WEEK],
  ["day", DAY],
  ["hour", HOUR],
  ["minute", MINUTE],
];

/**
 * How long ago (or how far ahead) `iso` is from `now`: "just now" inside a minute, then "5 minutes
 * ago", "yesterday", "3 weeks ago", …
 * @example formatRelative("2026-01-05T10:00:00Z", Date.parse("2026-01-05T10:05:00Z"), "en") // "5 minutes ago"
 */
export function formatRelative(iso: string, now: number = Date.now(), locale?: string): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  if (!Number.isFinite(seconds)) return "";
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  // Under a minute: Intl's "now" ("jetzt", "maintenant", "今"), except that English reads oddly with
  // it for a moment just past, and says "just now".
  const english = format.resolvedOptions().locale.startsWith("en");
  return seconds <= 0 && english ? "just now" : format.format(0, "second");
}

/**
 * A date and time, e.g. "5 Jan 2026, 10:00".
 * @example formatDateTime("2026-01-05T10:00:00Z", "en-GB", "UTC")
 */
export function formatDateTime(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
