/** What the dispatcher needs of a request URL before an endpoint asks for more: a `URL` is one. */
export interface UrlHead {
  /** `http://host[:port]`, as `URL#origin`. */
  readonly origin: string;
  /** `host[:port]`, as `URL#host`. */
  readonly host: string;
  /** `http:` or `https:`, as `URL#protocol`. */
  readonly protocol: string;
  readonly pathname: string;
}

/*
 * `http(s)://host[:port]/path` followed by the end, a query or a fragment, where every part is
 * already in the form the URL parser writes — so reading it off the string gives what `new URL`
 * would: a lower-case scheme and host; a host that is a domain whose last label starts with a
 * letter (a last label of digits, or 0x…, is an IPv4 address the parser rewrites) or a dotted quad
 * without leading zeros; a port without leading zeros; a path of characters the parser neither
 * encodes nor interprets (no `%`, no `\`, no `.` or `..` segment). `url-head.test.ts` checks this
 * against `new URL` on generated URLs.
 */
const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const CANONICAL = new RegExp(
  `^(https?)://((?:[a-z0-9-]+\\.)*[a-z][a-z0-9-]*|(?:${OCTET}\\.){3}${OCTET})` +
    "(?::([1-9]\\d{0,4}))?(/[\\w\\-.~!$&'()*+,;=:@/]*)(?:[?#]|$)",
);
const DOT_SEGMENT = /\/\.\.?(?:\/|$)/;

/**
 * The origin, host, scheme and path of an absolute URL. A URL already in canonical form (every
 * `Request#url` is) is read without building a `URL`; anything else is parsed, and returned as the
 * `URL`. Throws a TypeError for an invalid URL, as `new URL` does.
 *
 * @example urlHead("http://127.0.0.1:3000/api/auth/session").pathname // "/api/auth/session"
 */
export function urlHead(url: string): UrlHead {
  const match = CANONICAL.exec(url);
  if (match) {
    const scheme = match[1]!;
    const hostname = match[2]!;
    const port = match[3];
    const pathname = match[4]!;
    // Punycode labels are validated (and may be refused) by the parser; a default port is dropped.
    const plain =
      !hostname.includes("xn--") &&
      (port === undefined || (Number(port) <= 65535 && port !== (scheme === "https" ? "443" : "80"))) &&
      !DOT_SEGMENT.test(pathname);
    if (plain) {
      const host = port === undefined ? hostname : `${hostname}:${port}`;
      return { origin: `${scheme}://${host}`, host, protocol: `${scheme}:`, pathname };
    }
  }
  return new URL(url);
}
