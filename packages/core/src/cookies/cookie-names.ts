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
 * On https every name carries `__Host-`: the browser then refuses the cookie over http, and refuses
 * it with a Domain attribute or a Path other than `/` — so a sibling subdomain (another app, or user
 * content, on `*.example.com`) cannot plant a session of its own or a sign-in flow's check cookies
 * in the person's browser. Auth.js names them `__Secure-` (all but the CSRF cookie), which only keeps
 * them off http. No client reads these names; the session cookie's old name is still read once
 * (`legacySessionCookieName`).
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

/**
 * The session cookie's name before it was `__Host-`: `__Secure-<prefix>.session-token` on https,
 * and null on http (where the name did not change). A session under it is read, moved to the current
 * name and this one deleted (docs/protocol.md §5).
 */
export function legacySessionCookieName(prefix: string, secure: boolean): string | null {
  return secure ? `__Secure-${prefix}.session-token` : null;
}

/** Names are asked for on every request and depend on two values: computed once per pair. */
const known = new Map<string, CookieNames>();

function namesFor(prefix: string, secure: boolean): CookieNames {
  const p = secure ? "__Host-" : "";
  return {
    sessionToken: `${p}${prefix}.session-token`,
    csrfToken: `${p}${prefix}.csrf-token`,
    callbackUrl: `${p}${prefix}.callback-url`,
    state: `${p}${prefix}.state`,
    pkceCodeVerifier: `${p}${prefix}.pkce.code_verifier`,
    nonce: `${p}${prefix}.nonce`,
  };
}
