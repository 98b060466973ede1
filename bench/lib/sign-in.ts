/**
 * Signs in through a running server's real endpoints (GET csrf, POST callback/credentials), the way a
 * browser does, and returns the Cookie header a signed-in browser then sends.
 */
export async function signInWithCredentials(options: CredentialsSignIn): Promise<string> {
  const { status, location, jar } = await postCredentials(options);
  if (status !== 302 || ![...jar.keys()].some((name) => name.endsWith("session-token"))) {
    throw new Error(`sign-in failed: ${status} ${location}`);
  }
  return cookieHeader(jar);
}

export interface CredentialsSignIn {
  /** The auth endpoint, e.g. `http://127.0.0.1:4000/api/auth`. */
  authUrl: string;
  username: string;
  password: string;
  /** Defaults to the global fetch; a handler can be called directly to mint many sessions quickly. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * The credentials form as a browser posts it (after GET csrf), whatever the answer: its status, its
 * Location and the cookies the browser then holds. A user with two-factor on gets no session cookie
 * but a redirect to the second step.
 */
export async function postCredentials(
  options: CredentialsSignIn,
): Promise<{ status: number; location: string | null; jar: Map<string, string> }> {
  const fetch = options.fetch ?? globalThis.fetch;
  const jar = new Map<string, string>();
  const csrf = await fetch(`${options.authUrl}/csrf`);
  keepCookies(jar, csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${options.authUrl}/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, username: options.username, password: options.password }),
  });
  keepCookies(jar, callback);
  await callback.body?.cancel();
  return { status: callback.status, location: callback.headers.get("location"), jar };
}

/** Keeps the cookies an answer sets (and drops the ones it deletes), as a browser would. */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";", 1)[0] ?? "";
    const eq = pair.indexOf("=");
    if (eq <= 0) continue;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (value === "" || /;\s*max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/** `name=value` → [name, value]; the value may itself contain `=`. */
export function splitCookiePair(pair: string): [string, string] {
  const eq = pair.indexOf("=");
  return [pair.slice(0, eq), pair.slice(eq + 1)];
}

/** A Cookie header as a jar. */
export function parseCookieHeader(header: string): Map<string, string> {
  return new Map(header.split("; ").filter(Boolean).map(splitCookiePair));
}
