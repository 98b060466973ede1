import { CookieJar } from "./cookie-jar.ts";

/** What a signed-in `/api/me` answers. */
interface Me {
  user?: { email?: string | null; name?: string | null; image?: string | null };
  expires?: string;
}

/**
 * Tests only: a password sign-in of a running web app over HTTP, as the sign-in page's form posts
 * it (CSRF token, `email`, `password`, back to `/protected`) to the `Password` provider `provider`
 * (default `password`). Returns its status, where it redirected and, when that was a sign-in, what
 * `/api/me` answers, with the browser's cookies (`cookie`) for further requests as that user.
 */
export async function passwordSignIn(
  origin: string,
  { email, password, provider = "password" }: { email: string; password: string; provider?: string },
): Promise<{ status: number; location: string; me: Me | null; cookie: string }> {
  const jar = new CookieJar();
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  jar.store(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await fetch(`${origin}/api/auth/callback/${provider}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${origin}/protected` }),
    redirect: "manual",
  });
  jar.store(callback);
  const location = callback.headers.get("location") ?? "";
  const me = await fetch(`${origin}/api/me`, { headers: { cookie: jar.header() } });
  return {
    status: callback.status,
    location,
    me: me.status === 200 ? ((await me.json()) as Me) : null,
    cookie: jar.header(),
  };
}
