import { ConfigError } from "../errors/config-error.ts";

/**
 * IP addresses for rate limiting: a strict parser, RFC 5952 formatting and CIDR matching, with no
 * dependency. Core runs on Web runtimes, so Node's `net.isIP` / `net.BlockList` are not available
 * here, and a library (ipaddr.js) would be core's third dependency for ~150 lines of code.
 *
 * Strictness is on purpose: an address that reaches us from `X-Forwarded-For` is attacker-supplied
 * text, so anything unusual (leading zeros, which some parsers read as octal; zone ids; short
 * IPv4 forms like `127.1`) is refused rather than guessed at.
 */

/** A parsed address: 4 bytes for IPv4, 16 for IPv6. IPv4-mapped IPv6 (`::ffff:a.b.c.d`) parses as IPv4. */
export interface IpAddress {
  readonly version: 4 | 6;
  readonly bytes: Uint8Array;
}

/** A parsed CIDR block: an address and the number of leading bits that must match. */
export interface IpCidr extends IpAddress {
  readonly prefix: number;
}

const MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

function parseIpv4(text: string): Uint8Array | null {
  const parts = text.split(".");
  if (parts.length !== 4) return null;
  const bytes = new Uint8Array(4);
  for (const [i, part] of parts.entries()) {
    // 1–3 digits, no leading zero: "010" is 8 to some parsers and 10 to others.
    if (!/^(0|[1-9][0-9]{0,2})$/.test(part)) return null;
    const value = Number(part);
    if (value > 255) return null;
    bytes[i] = value;
  }
  return bytes;
}

function parseGroups(text: string): number[] | null {
  if (text === "") return [];
  const groups: number[] = [];
  for (const group of text.split(":")) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
    groups.push(Number.parseInt(group, 16));
  }
  return groups;
}

function parseIpv6(text: string): Uint8Array | null {
  let rest = text;
  let tail: number[] = [];
  // An embedded IPv4 address in the last 32 bits (`::ffff:192.0.2.1`, `64:ff9b::192.0.2.1`).
  const lastColon = rest.lastIndexOf(":");
  if (lastColon !== -1 && rest.includes(".", lastColon)) {
    const v4 = parseIpv4(rest.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [(v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!];
    // Keep the colon so "::1.2.3.4" leaves "::" and "a::1.2.3.4" leaves "a::".
    rest = rest.slice(0, lastColon + 1);
    if (rest.endsWith(":") && !rest.endsWith("::")) rest = rest.slice(0, -1);
  }
  const halves = rest.split("::");
  let groups: number[];
  if (halves.length === 1) {
    const all = parseGroups(rest);
    if (all === null) return null;
    groups = [...all, ...tail];
    if (groups.length !== 8) return null;
  } else if (halves.length === 2) {
    const head = parseGroups(halves[0]!);
    const after = parseGroups(halves[1]!);
    if (head === null || after === null) return null;
    const present = head.length + after.length + tail.length;
    // "::" stands for at least one zero group.
    if (present > 7) return null;
    groups = [...head, ...new Array<number>(8 - present).fill(0), ...after, ...tail];
  } else {
    return null;
  }
  const bytes = new Uint8Array(16);
  for (const [i, group] of groups.entries()) {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  }
  return bytes;
}

/**
 * Parses an IPv4 or IPv6 address, strictly; `null` for anything else. IPv4-mapped IPv6 becomes the
 * IPv4 address, so one client has one key whichever socket family it arrived on.
 *
 * @example
 * parseIp("::ffff:192.0.2.1") // { version: 4, bytes: [192, 0, 2, 1] }
 */
export function parseIp(text: string): IpAddress | null {
  if (text.length === 0 || text.length > 45) return null;
  if (!text.includes(":")) {
    const bytes = parseIpv4(text);
    return bytes === null ? null : { version: 4, bytes };
  }
  const bytes = parseIpv6(text);
  if (bytes === null) return null;
  if (MAPPED_PREFIX.every((byte, i) => bytes[i] === byte)) return { version: 4, bytes: bytes.slice(12) };
  return { version: 6, bytes };
}

/**
 * The text of an address: dotted decimal, or IPv6 in RFC 5952 canonical form (lower case, the
 * longest run of two or more zero groups shortened to `::`, the first such run on a tie).
 *
 * @example
 * formatIp(parseIp("2001:DB8:0:0:1:0:0:1")!) // "2001:db8::1:0:0:1"
 */
export function formatIp(address: IpAddress): string {
  const { bytes } = address;
  if (address.version === 4) return Array.from(bytes).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!);
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart === -1) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/** Parses and formats in one step: the canonical text of an address, or `null` when it is not one. */
export function normalizeIp(text: string): string | null {
  const address = parseIp(text);
  return address === null ? null : formatIp(address);
}

/**
 * Parses a CIDR block (`10.0.0.0/8`, `2001:db8::/32`) or a bare address (one host). Configuration
 * input, so a malformed block throws `ConfigError`: a typo in a trusted-proxy list must not
 * silently trust nobody, or everybody. Host bits set below the prefix are refused for the same
 * reason (`10.0.0.1/8` is probably not what was meant).
 *
 * @example
 * const cloud = parseCidr("10.0.0.0/8");
 */
export function parseCidr(text: string): IpCidr {
  const slash = text.indexOf("/");
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const parsed = parseIp(addressText);
  if (parsed === null) {
    throw new ConfigError(
      `"${text}" is not an IP address or CIDR block: write e.g. "10.0.0.0/8" or "fd00::/8".`,
    );
  }
  const mapped = parsed.version === 4 && addressText.includes(":");
  const bits = parsed.version === 4 ? 32 : 128;
  let prefix = bits;
  if (slash !== -1) {
    const prefixText = text.slice(slash + 1);
    const written = /^(0|[1-9][0-9]{0,2})$/.test(prefixText) ? Number(prefixText) : Number.NaN;
    // An IPv4-mapped block (`::ffff:10.0.0.0/104`) is written in IPv6 bits.
    prefix = mapped ? written - 96 : written;
    if (!(prefix >= 0 && prefix <= bits)) {
      throw new ConfigError(
        `"${text}" has an invalid prefix length: use 0–${bits} for IPv${parsed.version}.`,
      );
    }
  }
  const cidr = { version: parsed.version, bytes: parsed.bytes, prefix };
  if (hasHostBits(parsed.bytes, prefix)) {
    throw new ConfigError(`"${text}" has bits set after its /${prefix} prefix: write the network address.`);
  }
  return cidr;
}

function hasHostBits(bytes: Uint8Array, prefix: number): boolean {
  for (let bit = prefix; bit < bytes.length * 8; bit += 1) {
    if ((bytes[bit >> 3]! >> (7 - (bit & 7))) & 1) return true;
  }
  return false;
}

function matchesBits(a: Uint8Array, b: Uint8Array, prefix: number): boolean {
  const whole = prefix >> 3;
  for (let i = 0; i < whole; i += 1) if (a[i] !== b[i]) return false;
  const rest = prefix & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return (a[whole]! & mask) === (b[whole]! & mask);
}

/** True when the address lies in the block (an IPv4 address never lies in an IPv6 block, nor the reverse). */
export function inCidr(address: IpAddress, cidr: IpCidr): boolean {
  return address.version === cidr.version && matchesBits(address.bytes, cidr.bytes, cidr.prefix);
}

/**
 * The rate-limit key of an address: IPv4 as it is, IPv6 by its /64 prefix — one IPv6 subscriber
 * is usually given a whole /64 (often more), so keying single IPv6 addresses would give an
 * attacker 2^64 fresh budgets.
 *
 * @example
 * ipKey(parseIp("2001:db8:1:2:aaaa::1")!) // "2001:db8:1:2::/64"
 */
export function ipKey(address: IpAddress): string {
  if (address.version === 4) return formatIp(address);
  const bytes = new Uint8Array(16);
  bytes.set(address.bytes.subarray(0, 8));
  return `${formatIp({ version: 6, bytes })}/64`;
}
