import type { Logger } from "../config/options.ts";
import { toHex, utf8 } from "../lib/encoding.ts";

/**
 * The password policy of NIST SP 800-63B (§3.1.1.2): a length range and a blocklist of breached
 * passwords, and nothing else — no composition rules (a digit, a symbol, a capital), no periodic
 * change. Every character is allowed, spaces and emoji included.
 */

/** Why a password was refused. These become catalogue codes when the policy is wired into endpoints. */
export type PasswordPolicyError = "PasswordTooShort" | "PasswordTooLong" | "PasswordBreached";

/** Fewest code points accepted, after NFKC. */
export const PASSWORD_MIN_LENGTH = 8;
/** Most code points accepted, after NFKC: long enough for any passphrase, short enough to hash cheaply. */
export const PASSWORD_MAX_LENGTH = 256;

/**
 * Longest input, in UTF-16 code units, that is worth normalising. NFKC composes at most a few code
 * points into one, so anything past this is too long whatever it normalises to; refusing it first
 * keeps an attacker's megabyte from being normalised at all.
 */
const RAW_LENGTH_LIMIT = PASSWORD_MAX_LENGTH * 16;

/** A list of breached passwords. A `Set<string>` is one; so is what `loadCommonPasswords()` of `@gatehouse/common-passwords` resolves to. */
export interface BreachedList {
  /** Whether the (NFKC-normalised) password is listed. */
  has(password: string): boolean | Promise<boolean>;
}

/** Options of the online check against Have I Been Pwned's range API. */
export interface PwnedCheckOptions {
  /** Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** How long to wait for the answer before accepting the password unchecked. Default 1500 ms. */
  timeoutMs?: number;
  /** The range endpoint, the 5-character prefix appended. Default `https://api.pwnedpasswords.com/range/`. */
  endpoint?: string;
}

export interface CheckPasswordOptions {
  /** An offline list of breached passwords, checked first. */
  breached?: BreachedList;
  /** Also ask Have I Been Pwned (k-anonymity: only 5 hex characters of the SHA-1 leave). Off when absent. */
  pwned?: PwnedCheckOptions;
  /** Where a failed online check is reported. Default: `console.warn`. */
  logger?: Pick<Logger, "warn">;
}

export const PWNED_DEFAULT_TIMEOUT_MS = 1500;
const PWNED_ENDPOINT = "https://api.pwnedpasswords.com/range/";

const consoleLogger: Pick<Logger, "warn"> = {
  warn: (code, detail) => console.warn(`[gatehouse][warn] ${code}`, detail ?? ""),
};

/**
 * The form a password is stored and compared in: Unicode NFKC, so that the same password typed on
 * two keyboards (a precomposed "é" or "e" plus a combining accent, a full-width "Ａ") is one password.
 *
 * @example
 * normalizePassword("ﬁve"); // "five"
 */
export function normalizePassword(password: string): string {
  if (typeof password !== "string") throw new TypeError("normalizePassword: the password must be a string");
  return password.normalize("NFKC");
}

/**
 * Checks a new password against the policy; `null` when it is acceptable. Checks, in order: length
 * (in code points, after NFKC), the offline list, then the online check. The online check fails open:
 * an unreachable, slow or confused service lets the password through, with a log line, rather than
 * stopping everybody from signing up.
 *
 * @example
 * const refused = await checkPassword(input, { breached: await loadCommonPasswords() });
 * if (refused) return showError(refused.error);
 */
export async function checkPassword(
  password: string,
  options: CheckPasswordOptions = {},
): Promise<null | { error: PasswordPolicyError }> {
  if (typeof password !== "string") throw new TypeError("checkPassword: the password must be a string");
  if (password.length > RAW_LENGTH_LIMIT) return { error: "PasswordTooLong" };
  const normalized = normalizePassword(password);
  const length = codePointLength(normalized);
  if (length < PASSWORD_MIN_LENGTH) return { error: "PasswordTooShort" };
  if (length > PASSWORD_MAX_LENGTH) return { error: "PasswordTooLong" };
  if (options.breached && (await options.breached.has(normalized))) return { error: "PasswordBreached" };
  if (options.pwned) {
    const logger = options.logger ?? consoleLogger;
    if ((await isPwned(normalized, options.pwned, logger)) === true) return { error: "PasswordBreached" };
  }
  return null;
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length++;
  return length;
}

/**
 * Asks the range API whether the password has appeared in a breach: `true`, `false`, or `null` when
 * the answer could not be had (logged). Sends only the first 5 hex characters of the SHA-1 and
 * compares the 35-character suffixes locally; `Add-Padding` makes every answer about the same size,
 * so its length does not reveal the prefix's bucket either.
 *
 * @example
 * await isPwned(normalizePassword(input), { timeoutMs: 1000 }, logger); // true | false | null
 */
export async function isPwned(
  normalizedPassword: string,
  options: PwnedCheckOptions,
  logger: Pick<Logger, "warn"> = consoleLogger,
): Promise<boolean | null> {
  const hash = toHex(
    new Uint8Array(await crypto.subtle.digest("SHA-1", utf8.encode(normalizedPassword))),
  ).toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? PWNED_DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve("timeout");
    }, timeoutMs);
  });
  // Neither the password nor the hash ever goes into a log line: only why the check failed.
  const fail = (reason: string): null => {
    logger.warn("PwnedCheckFailed", { reason, failOpen: true });
    return null;
  };
  try {
    // The race covers the body too, and holds even against a fetch that ignores the signal.
    const body = await Promise.race([
      (async () => {
        const response = await fetchImpl(`${options.endpoint ?? PWNED_ENDPOINT}${prefix}`, {
          headers: { "Add-Padding": "true" },
          signal: controller.signal,
        });
        if (!response.ok) return { status: response.status };
        return { text: await response.text() };
      })(),
      timeout,
    ]);
    if (body === "timeout") return fail(`no answer within ${timeoutMs} ms`);
    if ("status" in body) return fail(`HTTP ${body.status}`);
    const found = findSuffix(body.text, suffix);
    return found ?? fail("malformed response");
  } catch (error) {
    return fail(error instanceof Error ? error.name : "fetch failed");
  } finally {
    clearTimeout(timer);
  }
}

const RANGE_LINE = /^([0-9A-F]{35}):(\d+)$/i;

/**
 * Reads a range answer (`SUFFIX:COUNT` lines): `true` if `suffix` is listed with a count above 0 (the
 * padding lines have 0), `false` if not, `null` if any line is not of that form.
 */
function findSuffix(text: string, suffix: string): boolean | null {
  let found = false;
  let lines = 0;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "") continue;
    const match = RANGE_LINE.exec(line);
    if (!match) return null;
    lines++;
    if (match[1]!.toUpperCase() === suffix && Number(match[2]) > 0) found = true;
  }
  // Every prefix has hundreds of suffixes: an empty answer is a broken one, not a clean bill.
  return lines === 0 ? null : found;
}
