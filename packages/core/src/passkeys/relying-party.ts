import { ConfigError } from "../errors/config-error.ts";

/** Who the passkeys belong to: the WebAuthn relying party, checked once at start-up. */
export interface RelyingParty {
  /** The RP ID: a domain, the host of the public URL or a parent domain of it. */
  readonly rpId: string;
  /** The name an authenticator shows next to the passkey. */
  readonly rpName: string;
  /** Every origin a ceremony may come from (`https://host[:port]`), the public URL's among them. */
  readonly origins: readonly string[];
}

/** The relying party as configured; each field defaults from the public URL. */
export interface RelyingPartyOptions {
  rpId?: string;
  rpName?: string;
  origins?: readonly string[];
}

/**
 * Plain http is allowed for these hosts only: a developer's own machine is a secure context. An
 * http://127.0.0.1 origin passes this check only to meet the clearer one after it (no IP addresses).
 */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

/**
 * Resolves and checks the relying party against the public URL (`AUTH_URL`), so a setting a browser
 * would refuse fails at start-up with a message that says how to fix it, not at the first passkey.
 * Without a public URL (`trustHost`), `rpId` and `origins` must be configured.
 *
 * @example
 * resolveRelyingParty({}, "https://app.example.com/api/auth")
 * // { rpId: "app.example.com", rpName: "app.example.com", origins: ["https://app.example.com"] }
 */
export function resolveRelyingParty(
  options: RelyingPartyOptions,
  publicUrl: string | URL | null,
): RelyingParty {
  const url = publicUrl === null ? null : parsePublicUrl(publicUrl);
  if (url === null && (options.rpId === undefined || options.origins === undefined)) {
    throw new ConfigError(
      "Gatehouse: passkeys need the public URL (AUTH_URL / url), or both passkeys.rpId and passkeys.origins.",
    );
  }
  const rpId = normalizeRpId(options.rpId ?? url?.hostname ?? "");
  if (url !== null && !isWithin(url.hostname, rpId)) {
    throw new ConfigError(
      `Gatehouse: passkeys.rpId "${rpId}" is neither the host of the public URL (${url.hostname}) nor a parent domain of it. Set passkeys.rpId to "${url.hostname}" or to a parent domain such as "${parentOf(url.hostname)}", or leave it unset.`,
    );
  }

  const origins = [...new Set((options.origins ?? [url?.origin ?? ""]).map(normalizeOrigin))];
  if (origins.length === 0) {
    throw new ConfigError("Gatehouse: passkeys.origins is empty. List the origins passkeys are used on.");
  }
  for (const origin of origins) {
    const host = new URL(origin).hostname;
    if (!isWithin(host, rpId)) {
      throw new ConfigError(
        `Gatehouse: the passkey origin ${origin} is not on the domain passkeys.rpId "${rpId}", so browsers would refuse it. Remove it from passkeys.origins, or set passkeys.rpId to a domain both share.`,
      );
    }
  }
  if (url !== null && !origins.includes(url.origin)) {
    throw new ConfigError(
      `Gatehouse: the public URL's origin ${url.origin} is not among passkeys.origins (${origins.join(", ")}). Add it, or leave passkeys.origins unset.`,
    );
  }

  const rpName = options.rpName ?? url?.hostname ?? rpId;
  if (typeof rpName !== "string" || rpName.trim() === "") {
    throw new ConfigError("Gatehouse: passkeys.rpName must be a non-empty string, e.g. your app's name.");
  }
  return { rpId, rpName: rpName.trim(), origins };
}

function parsePublicUrl(publicUrl: string | URL): URL {
  try {
    return new URL(publicUrl);
  } catch {
    throw new ConfigError(
      `Gatehouse: AUTH_URL / url is not a valid URL: ${JSON.stringify(String(publicUrl))}.`,
    );
  }
}

/** An RP ID is a bare domain: lower-cased and in punycode, as the browser compares it. */
function normalizeRpId(rpId: unknown): string {
  if (typeof rpId !== "string" || rpId === "" || /[\s/:?#@[\]\\]/.test(rpId) || rpId.endsWith(".")) {
    throw new ConfigError(
      `Gatehouse: passkeys.rpId ${JSON.stringify(rpId)} is not a domain. Give the host name alone, without scheme, port or path, e.g. "example.com".`,
    );
  }
  const hostname = new URL(`https://${rpId}`).hostname;
  // WebAuthn allows only the domain form of a host as RP ID (spec §5.1.3); every browser refuses an
  // IP address, also 127.0.0.1, which is otherwise a secure context.
  if (isIpAddress(hostname)) {
    throw new ConfigError(
      `Gatehouse: browsers refuse passkeys on an IP address (${hostname}). Open the app by a host name instead — http://localhost:<port> in development — and set AUTH_URL to it.`,
    );
  }
  return hostname;
}

function normalizeOrigin(origin: unknown): string {
  let url: URL;
  try {
    url = new URL(String(origin));
  } catch {
    throw new ConfigError(
      `Gatehouse: the passkey origin ${JSON.stringify(origin)} is not a URL. Write it as https://host[:port].`,
    );
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname))) {
    throw new ConfigError(
      `Gatehouse: the passkey origin ${url.origin} is not https. Browsers allow passkeys over https only (http://localhost in development): serve the app over https and list its https origin.`,
    );
  }
  if (
    url.pathname !== "/" ||
    url.search !== "" ||
    url.hash !== "" ||
    url.username !== "" ||
    url.password !== ""
  ) {
    throw new ConfigError(
      `Gatehouse: the passkey origin ${JSON.stringify(origin)} has more than scheme, host and port. Write it as ${url.origin}.`,
    );
  }
  if (isIpAddress(url.hostname)) {
    throw new ConfigError(
      `Gatehouse: browsers refuse passkeys on an IP address (${url.origin}). Use a host name instead — http://localhost:<port> in development.`,
    );
  }
  return url.origin;
}

/**
 * Whether `rpId` is `host` or a parent domain of it. A single-label parent ("com") is a public
 * suffix that browsers refuse; deeper public suffixes ("co.uk", "github.io") need the Public Suffix
 * List, which core does not carry: a browser refuses those at the first ceremony.
 */
function isWithin(host: string, rpId: string): boolean {
  if (host === rpId) return true;
  return rpId.includes(".") && host.endsWith(`.${rpId}`);
}

/** The parent domain used in an error message's suggestion. */
function parentOf(hostname: string): string {
  const labels = hostname.split(".");
  return labels.length > 2 ? labels.slice(1).join(".") : hostname;
}

/** The URL parser writes every IPv4 form as dotted decimal and IPv6 in brackets. */
function isIpAddress(hostname: string): boolean {
  return /^\d{1,3}(?:\.\d{1,3}){3}$/.test(hostname) || hostname.startsWith("[");
}
