import { cookieHeader, keepCookies, parseCookieHeader } from "./sign-in.ts";

/** How a server signs a session out on the server side. */
export type SignOutKind = "authjs-protocol" | "better-auth";

/**
 * Signs the session out through the server's own endpoint, then replays the cookies the browser
 * held before (as a stolen copy of them would be) to GET session. True when the server already
 * refuses them: revocation took effect immediately, with no cache keeping the session alive.
 */
export async function revokedImmediately(options: {
  kind: SignOutKind;
  sessionUrl: string;
  cookie: string;
  expect: string;
}): Promise<boolean> {
  const base = options.sessionUrl.slice(0, options.sessionUrl.lastIndexOf("/"));
  const origin = new URL(options.sessionUrl).origin;
  const jar = parseCookieHeader(options.cookie);
  if (options.kind === "authjs-protocol") {
    const csrf = await fetch(`${base}/csrf`, { headers: { cookie: cookieHeader(jar) } });
    keepCookies(jar, csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const out = await fetch(`${base}/signout`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar), origin },
      body: new URLSearchParams({ csrfToken }),
    });
    if (out.status !== 302) throw new Error(`sign-out answered ${out.status}`);
  } else {
    const out = await fetch(`${base}/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: options.cookie, origin },
      body: "{}",
    });
    if (!out.ok) throw new Error(`sign-out answered ${out.status}: ${await out.text()}`);
  }
  const replay = await fetch(options.sessionUrl, { headers: { cookie: options.cookie } });
  return !(await replay.text()).includes(options.expect);
}
