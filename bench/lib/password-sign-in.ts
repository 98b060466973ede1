import { cookieHeader, keepCookies } from "./sign-in.ts";

/** The one account each password server seeds; the load signs in as it again and again. */
export const passwordUser = Object.freeze({
  email: "bench@example.test",
  password: "bench-password-0123456789",
});

/** Whose wire protocol a password sign-in speaks. */
export type PasswordProtocol = "gatehouse" | "better-auth";

/** A signed-in browser: the Cookie header it now sends, and the value of its session cookie. */
export interface PasswordSession {
  cookie: string;
  session: string;
}

/**
 * One new browser signing in with a password: its own cookie jar, nothing kept from an earlier
 * sign-in, so every call makes a new session. Throws unless the server answered with a session cookie.
 *
 * - `gatehouse`: GET `csrf` (token and its cookie), then POST `callback/password`, a form with
 *   `csrfToken, email, password` → 302 to the callback URL with the session cookie;
 * - `better-auth`: POST `sign-in/email` with JSON `{email, password}` → 200 with the session cookie.
 *
 * Both send `Origin` as a browser's form or fetch POST does.
 */
export async function signInWithPassword(options: {
  protocol: PasswordProtocol;
  /** The auth endpoint, e.g. `http://127.0.0.1:4000/api/auth`. */
  authUrl: string;
  email: string;
  password: string;
}): Promise<PasswordSession> {
  const { authUrl, email, password } = options;
  const origin = new URL(authUrl).origin;
  const jar = new Map<string, string>();
  if (options.protocol === "gatehouse") {
    const csrf = await fetch(`${authUrl}/csrf`);
    keepCookies(jar, csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const answer = await fetch(`${authUrl}/callback/password`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin },
      body: new URLSearchParams({ csrfToken, email, password }),
    });
    await answer.body?.cancel();
    keepCookies(jar, answer);
    const location = answer.headers.get("location") ?? "";
    if (answer.status !== 302 || location.includes("error=")) {
      throw new Error(`Gatehouse password sign-in: ${answer.status} to ${location}`);
    }
    return withSession(jar, (name) => name.endsWith("session-token"), "Gatehouse");
  }
  const answer = await fetch(`${authUrl}/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  const body = await answer.text();
  if (!answer.ok) throw new Error(`Better Auth password sign-in: ${answer.status} ${body}`);
  keepCookies(jar, answer);
  return withSession(jar, (name) => name.endsWith("better-auth.session_token"), "Better Auth");
}

function withSession(
  jar: Map<string, string>,
  isSession: (name: string) => boolean,
  who: string,
): PasswordSession {
  const session = [...jar].find(([name]) => isSession(name))?.[1];
  if (!session)
    throw new Error(`${who} password sign-in set no session cookie (cookies: ${[...jar.keys()].join(", ")})`);
  return { cookie: cookieHeader(jar), session };
}
