/**
 * A consumer of the published packages, run by the packaging test in a fresh app outside the
 * repository (installed from the packed tarballs, no source condition) on Node 22 and Node 24.
 * Signs in with credentials against a SQLite file through `auth.handler(new Request(…))` only, and
 * prints what it saw as one JSON line.
 *
 * `node sign-in.ts <sqlite file>`
 */
import { Credentials, gatehouse } from "@gatehouse/core";
import { createSqlAdapter, migrate } from "@gatehouse/sql";

const file = process.argv[2];
if (!file) throw new Error("usage: sign-in.ts <sqlite file>");

const adapter = createSqlAdapter({ url: `sqlite:${file}` });
try {
  const migrated = await migrate(adapter.db);
  const grace = await adapter.createUser({
    id: crypto.randomUUID(),
    name: "Grace Hopper",
    email: "grace@example.test",
    emailVerified: null,
  });
  const secret = "a-packaging-test-secret-of-at-least-32-characters";
  const auth = gatehouse({
    secret,
    url: "http://localhost:3000/api/auth",
    adapter,
    providers: [
      Credentials({
        credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
        authorize: (input) => (input.username === "grace" && input.password === "cobol" ? grace : null),
      }),
    ],
  });

  const cookies = new Map<string, string>();
  const send = async (path: string, init: { form?: Record<string, string> } = {}): Promise<Response> => {
    const headers = new Headers();
    if (cookies.size > 0)
      headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    let body: string | undefined;
    if (init.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(init.form).toString();
    }
    const response = await auth.handler(
      new Request(`http://localhost:3000/api/auth${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers,
        ...(body === undefined ? {} : { body }),
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(";")[0] ?? "";
      const eq = pair.indexOf("=");
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };

  const csrf = await send("/csrf");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const callback = await send("/callback/credentials", {
    form: { username: "grace", password: "cobol", csrfToken, callbackUrl: "http://localhost:3000/home" },
  });
  const session = await send("/session");
  const sessionBody = (await session.json()) as { user?: { name?: string; email?: string } } | null;
  // The session lives in the file: a second instance over a new connection knows it.
  const reopened = createSqlAdapter({ url: `sqlite:${file}` });
  const stored = await gatehouse({ secret, adapter: reopened, providers: [] })
    .getSession(
      new Request("http://localhost:3000/", {
        headers: { cookie: `gatehouse.session-token=${cookies.get("gatehouse.session-token")}` },
      }),
    )
    .finally(() => reopened.close());

  console.log(
    JSON.stringify({
      node: process.version,
      schemaVersion: migrated.version,
      csrf: { status: csrf.status, tokenLength: csrfToken.length },
      callback: { status: callback.status, location: callback.headers.get("location") },
      session: { status: session.status, user: sessionBody?.user ?? null },
      storedSessionUser: stored?.user?.email ?? null,
    }),
  );
} finally {
  await adapter.close();
}
