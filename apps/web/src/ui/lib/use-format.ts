import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "./format-date.ts";
import { formatDateTime, formatRelative } from "./format-time.ts";

/** Dates and numbers in the page's language (i18next's), through `Intl`. */
export interface Format {
  /** "5 Jan 2026" */
  date(iso: string): string;
  /** "5 Jan 2026, 10:00" */
  dateTime(iso: string): string;
  /** "5 minutes ago", from now. */
  relative(iso: string): string;
  number(value: number): string;
}

/**
 * The formatters of the page's language; they change with it.
 * @example const format = useFormat(); <time dateTime={at}>{format.dateTime(at)}</time>
 */
export function useFormat(): Format {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const numbers = new Intl.NumberFormat(locale);
    return {
      date: (iso) => formatDate(iso, locale),
      dateTime: (iso) => formatDateTime(iso, locale),
      relative: (iso) => formatRelative(iso, Date.now(), locale),
      number: (value) => numbers.format(value),
    };
  }, [locale]);
}
