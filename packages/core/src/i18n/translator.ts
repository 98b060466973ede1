import type { MessageKey, Messages } from "./messages/en.ts";

/** Values for a message's `{placeholders}`: numbers are written the language's way (`Intl.NumberFormat`). */
export type MessageParams = Readonly<Record<string, string | number>>;

/** The units a length of time is said in. */
export type TimeUnit = "second" | "minute" | "hour" | "day";

/**
 * One language's messages and formats, as a request's pages and mails use them: `ctx.i18n`.
 *
 * @example
 * i18n.t("signin.withProvider", { provider: "GitHub" }) // "Mit GitHub anmelden" in de
 */
export interface Translator {
  /** The BCP 47 tag of the language, e.g. `pt-BR`: the pages' `<html lang>`. */
  readonly locale: string;
  /** `rtl` for a language written right to left (an app's own Arabic, say), else `ltr`. */
  readonly direction: "ltr" | "rtl";
  /** The message with its placeholders filled; a placeholder without a value stays as it is. */
  t(key: MessageKey, params?: MessageParams): string;
  /**
   * The message split at its placeholders, with `slots` in their place (markup, such as the address
   * in bold) and `params` as in `t`: the words around a slot stay in the language's own order.
   */
  parts<T>(key: MessageKey, slots: Readonly<Record<string, T>>, params?: MessageParams): (string | T)[];
  /** A number as the language writes it: `1,234` in en, `1.234` in de. */
  number(value: number): string;
  /** A length of time with its unit, the language's way: "5 minutes", "5 Minuten", "5 分". */
  duration(amount: number, unit: TimeUnit): string;
  /** A moment with weekday, date and time in UTC, the language's way (mails cannot know the reader's zone). */
  dateTime(value: Date): string;
}

const SLOT = /\{([A-Za-z][A-Za-z0-9]*)\}/;
const SLOTS = new RegExp(SLOT.source, "g");

/**
 * A message with its `{placeholders}` filled from `params` (numbers written by `number`); a
 * placeholder without a value stays as it is. Core's messages (`Translator#t`) and modules' own.
 */
export function fillMessage(
  message: string,
  params: MessageParams | undefined,
  number: (value: number) => string,
): string {
  if (params === undefined) return message;
  return message.replace(SLOTS, (whole, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    return typeof value === "number" ? number(value) : (value ?? whole);
  });
}

/** The writing direction of a language, from `Intl.Locale`'s text info where the runtime has it. */
function directionOf(locale: string): "ltr" | "rtl" {
  const info = new Intl.Locale(locale) as unknown as {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  const direction = info.getTextInfo?.().direction ?? info.textInfo?.direction;
  return direction === "rtl" ? "rtl" : "ltr";
}

/**
 * The translator of one language. Built once per language at start-up (config/resolve-i18n.ts); its
 * `Intl` formatters are made when first used and kept.
 */
export function createTranslator(locale: string, messages: Messages): Translator {
  let numbers: Intl.NumberFormat | undefined;
  let dates: Intl.DateTimeFormat | undefined;
  const units = new Map<TimeUnit, Intl.NumberFormat>();
  const number = (value: number): string => {
    numbers ??= new Intl.NumberFormat(locale);
    return numbers.format(value);
  };
  const param = (params: MessageParams | undefined, name: string): string | undefined => {
    const value = params !== undefined && Object.hasOwn(params, name) ? params[name] : undefined;
    return typeof value === "number" ? number(value) : value;
  };
  return {
    locale,
    direction: directionOf(locale),
    t(key, params) {
      return fillMessage(messages[key], params, number);
    },
    parts<T>(key: MessageKey, slots: Readonly<Record<string, T>>, params?: MessageParams): (string | T)[] {
      // `split` with a capturing group: even indexes are text, odd ones are placeholder names.
      return messages[key].split(SLOT).flatMap((piece, index): (string | T)[] => {
        if (index % 2 === 0) return piece === "" ? [] : [piece];
        if (Object.hasOwn(slots, piece)) return [slots[piece] as T];
        return [param(params, piece) ?? `{${piece}}`];
      });
    },
    number,
    duration(amount, unit) {
      let format = units.get(unit);
      if (!format) {
        format = new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" });
        units.set(unit, format);
      }
      return format.format(amount);
    },
    dateTime(value) {
      dates ??= new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "long", timeZone: "UTC" });
      return dates.format(value);
    },
  };
}
