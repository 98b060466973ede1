import { createServer } from "node:http";
import { Auth, type AuthConfig } from "@auth/core";
import { encode } from "@auth/core/jwt";
import Credentials from "@auth/core/providers/credentials";
import { getRequestListener } from "@hono/node-server";
import { announceReady, benchPort } from "../lib/ready.ts";
import { listenUntilSignalled } from "../lib/serve.ts";
import { packageVersion } from "../lib/versions.ts";

const SECRET = "gatehouse-bench-authjs-secret-0123456789abcdef";
/** The session cookie name on http (on https Auth.js prefixes it with `__Secure-`). */
const COOKIE_NAME = "authjs.session-token";
const MAX_AGE = 30 * 24 * 60 * 60;
const USER = {
  id: "bench-user-1",
  name: "Bench User",
  email: "bench@example.com",
  image: "https://example.com/avatar.png",
};

const port = benchPort();
const origin = `http://127.0.0.1:${port}`;

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  basePath: "/api/auth",
  providers: [
    Credentials({
      credentials: { email: { label: "Email" }, password: { label: "Password", type: "password" } },
      authorize: (credentials) => (credentials.email === USER.email ? USER : null),
    }),
  ],
};

const server = createServer(getRequestListener((request) => Auth(request, config)));

await listenUntilSignalled(server, port);

const token = await encode({
  secret: SECRET,
  salt: COOKIE_NAME,
  maxAge: MAX_AGE,
  token: { name: USER.name, email: USER.email, sub: USER.id, picture: USER.image },
});
const cookie = `${COOKIE_NAME}=${token}`;
const url = `${origin}/api/auth/session`;

// Check the cookie really is a signed-in session before telling the runner so.
const check = await fetch(url, { headers: { cookie } });
const body = await check.text();
if (!check.ok || !body.includes(USER.email)) {
  console.error(`authjs-jwt: GET ${url} with the session cookie gave ${check.status} ${body}`);
  server.close();
  server.closeAllConnections();
  process.exit(1);
}

announceReady({ url, cookie, expect: USER.email, version: `@auth/core ${packageVersion("@auth/core")}` });
