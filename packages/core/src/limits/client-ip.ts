import { ConfigError } from "../errors/config-error.ts";
import { formatIp, type IpAddress, type IpCidr, inCidr, parseCidr, parseIp } from "./ip-address.ts";

/**
 * Which `X-Forwarded-For` entries to believe. Absent: none — the client is the socket peer.
 * - a number N: exactly N proxies you run stand in front of the app, each appending the address it
 *   saw; the client is the Nth entry from the right.
 * - a list of CIDR blocks (or addresses): the proxies you trust; walking from the socket peer
 *   leftwards, trusted addresses are skipped and the first untrusted one is the client.
 */
export type TrustedProxies = number | readonly string[];

/** Where the request came from, as the server saw it, and which proxies to trust. */
export interface ClientIpOptions {
  /** The socket peer address (`req.socket.remoteAddress`, `info.remote.address`, …). */
  readonly socketAddress: string | null | undefined;
  /** Prepared with `proxyTrust` (parsed once), or given raw (parsed on every call). */
  readonly trustedProxies?: ProxyTrust | TrustedProxies;
}

/**
 * Prepared proxy trust: parse a list of CIDR blocks once at startup (it throws `ConfigError` on a
 * typo) and pass the result to `clientIp`.
 */
export type ProxyTrust = { readonly hops: number } | { readonly cidrs: readonly IpCidr[] };

/**
 * Checks and parses `trustedProxies` once; misuse throws `ConfigError`.
 *
 * @example
 * const trust = proxyTrust(["10.0.0.0/8", "fd00::/8"]);
 */
export function proxyTrust(trusted: TrustedProxies): ProxyTrust {
  if (typeof trusted === "number") {
    if (!Number.isSafeInteger(trusted) || trusted < 1) {
      throw new ConfigError(
        `trustedProxies: a hop count must be a positive integer (the number of proxies in front of the app), got ${String(trusted)}. Leave it out to use the socket address.`,
      );
    }
    return { hops: trusted };
  }
  if (!Array.isArray(trusted) || trusted.length === 0) {
    throw new ConfigError("trustedProxies: give a hop count or a non-empty list of CIDR blocks.");
  }
  return { cidrs: trusted.map((cidr) => parseCidr(String(cidr))) };
}

/** One `X-Forwarded-For` entry: an address, perhaps with a port (`1.2.3.4:5678`, `[2001:db8::1]:80`). */
function parseForwarded(entry: string): IpAddress | null {
  const text = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text);
  if (bracketed !== null) return parseIp(bracketed[1]!);
  const v4WithPort = /^([0-9.]+):\d{1,5}$/.exec(text);
  if (v4WithPort !== null) return parseIp(v4WithPort[1]!);
  return parseIp(text);
}

/**
 * The client's address, in canonical text (IPv4-mapped IPv6 as IPv4), or `null` when no address
 * can be trusted: no socket address, or a forwarded chain that does not fit the configured trust
 * (too few entries, garbage where a trusted proxy should have written an address). Treat `null` as
 * one shared "unknown" client, never as "no limit".
 *
 * Without `trustedProxies`, `X-Forwarded-For` is ignored: anyone can send it, and an app that
 * believes it without a proxy of its own gives every request a fresh rate-limit key. Entries left of
 * the chosen one are never read — a client can prepend anything it likes.
 *
 * @example
 * clientIp(request, { socketAddress: req.socket.remoteAddress, trustedProxies: proxyTrust(1) })
 */
export function clientIp(
  request: { readonly headers: { get(name: string): string | null } },
  options: ClientIpOptions,
): string | null {
  const socket = options.socketAddress == null ? null : parseIp(options.socketAddress);
  if (options.trustedProxies === undefined) return socket === null ? null : formatIp(socket);
  const trust =
    typeof options.trustedProxies === "object" && !Array.isArray(options.trustedProxies)
      ? (options.trustedProxies as ProxyTrust)
      : proxyTrust(options.trustedProxies as TrustedProxies);

  // Several X-Forwarded-For headers are one list (RFC 9110 §5.3); Headers.get joins them with ", ".
  const header = request.headers.get("x-forwarded-for");
  const chain = header === null ? [] : header.split(",");

  if ("hops" in trust) {
    const entry = chain[chain.length - trust.hops];
    if (entry === undefined) return null;
    const address = parseForwarded(entry);
    return address === null ? null : formatIp(address);
  }

  // Walk from the socket peer leftwards while the address is a proxy we trust.
  if (socket === null) return null;
  let current: IpAddress = socket;
  for (let i = chain.length - 1; i >= 0; i -= 1) {
    if (!trust.cidrs.some((cidr) => inCidr(current, cidr))) return formatIp(current);
    const previous = parseForwarded(chain[i]!);
    // A trusted proxy wrote this entry, so it should be an address: refuse to guess.
    if (previous === null) return null;
    current = previous;
  }
  // Every hop was trusted (a request from inside the network): the leftmost is the client.
  return formatIp(current);
}
