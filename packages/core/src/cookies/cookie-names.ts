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
