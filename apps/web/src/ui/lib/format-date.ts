/**
 * A day as people read it in `locale` (`Intl`): "5 Jan 2026", "05.01.2026", "2026/01/05"; the browser's
 * language when `locale` is undefined; "" for a date it cannot read.
 * @example formatDate("2026-01-05T10:00:00Z", "de") // "05.01.2026"
 */
export function formatDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleDateString(locale, { year: "numeric", month: "short", day: "numeric" });
}
