/** A date as people read it here, e.g. "5 Jan 2026" (the browser's language decides the order). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });
}
