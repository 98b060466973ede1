// A Gatehouse with a credentials user, and a sign-in through its handler, for the package's tests.
import { Credentials, type Gatehouse, type GatehouseOptions, gatehouse } from "@gatehouse/core";

export const ORIGIN = "http://localhost:3000";

/** Gatehouse with one credentials user, `ada` / `lovelace`. */
export function testAuth(options: Partial<GatehouseOptions> = {}): Gatehouse {
  return gatehouse({
    secret: "a-nextjs-test-secret-of-at-least-32-characters",
    providers: [
      Credentials({
        credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
        authorize: ({ username, password }) =>
          username === "ada" && password === "lovelace"
            ? { id: "ada", name: "Ada Lovelace", email: "ada@example.test" }
            : null,
      }),
    ],
    ...options,
  });
}

/** The cookies of a response, as a `Cookie` header would send them back: `name=value; …`. */
export function cookieHeader(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0] ?? "";
    const value = pair.slice(pair.indexOf("=") + 1);
    if (value === "") jar.delete(pair.slice(0, pair.indexOf("=")));
    else jar.set(pair.slice(0, pair.indexOf("=")), value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Signs `ada` in through `serve` (the handler, or the route handlers under Next's runtime) and
 * returns the browser's `Cookie` header afterwards.
 */
export async function signIn(
  serve: (request: Request) => Promise<Response>,
  origin = ORIGIN,
): Promise<string> {
  const csrf = await serve(new Request(`${origin}/api/auth/csrf`));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  let cookies = cookieHeader(csrf);
  const callback = await serve(
    new Request(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { cookie: cookies, origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken,
        username: "ada",
        password: "lovelace",
        callbackUrl: `${origin}/`,
      }),
    }),
  );
  if (callback.status !== 302)
    throw new Error(`sign-in answered ${callback.status}: ${await callback.text()}`);
  cookies = cookieHeader(callback, cookies);
  return cookies;
}
