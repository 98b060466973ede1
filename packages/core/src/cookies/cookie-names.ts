/** The names of every cookie Gatehouse sets, for one prefix and one scheme. */
export interface CookieNames {
  sessionToken: string;
  csrfToken: string;
  callbackUrl: string;
  state: string;
  pkceCodeVerifier: string;
  nonce: string;
}

/**
 * On https, names carry `__Secure-` (the browser then refuses them over http) and the CSRF cookie
 * `__Host-` (which also forbids a Domain attribute, so a sibling subdomain cannot plant one).
 */
export function cookieNames(prefix: string, secure: boolean): CookieNames {
  const key = `${secure ? "s" : "p"}${prefix}`;
  let names = known.get(key);
  if (!names) {
    names = Object.freeze(namesFor(prefix, secure));
    known.set(key, names);
  }
  return names;
}

/** Names are asked for on every request and depend on two values: computed once per pair. */
const known = new Map<string, CookieNames>();

function namesFor(prefix: string, secure: boolean): CookieNames {
  const p = secure ? "__Secure-" : "";
  return {
    sessionToken: `${p}${prefix}.session-token`,
    csrfToken: `${secure ? "__Host-" : ""}${prefix}.csrf-token`,
    callbackUrl: `${p}${prefix}.callback-url`,
    state: `${p}${prefix}.state`,
    pkceCodeVerifier: `${p}${prefix}.pkce.code_verifier`,
    nonce: `${p}${prefix}.nonce`,
  };
}
