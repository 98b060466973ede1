// Express 5 with Gatehouse: a home page, a protected page, sign-in through an OpenID provider and
// sign-out. The provider is Gatehouse's development provider, started here; a real one (Keycloak,
// Entra ID, Google, …) is configured the same way, with its issuer, client id and secret.
import { randomBytes } from "node:crypto";
import { gatehouse, OIDC, type Session } from "@gatehouse/core";
import { startDevProvider } from "@gatehouse/dev-provider";
import { gatehouseExpress, getSession, requireSession } from "@gatehouse/express";
import express from "express";

const port = Number(process.env.PORT ?? 3000);
const origin = `http://127.0.0.1:${port}`;
const authUrl = `${origin}/api/auth`;

// The development provider: a real OpenID provider on 127.0.0.1 whose login form takes any user name.
const clientId = "express-example";
const clientSecret = randomBytes(32).toString("base64url");
const provider = await startDevProvider({
  clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [`${authUrl}/callback/dev`] }],
});

const auth = gatehouse({
  // A fresh secret per start signs everyone out on restart; set AUTH_SECRET to keep sessions.
  secret: process.env.AUTH_SECRET ?? randomBytes(32).toString("base64url"),
  url: authUrl,
  providers: [
    OIDC({ id: "dev", name: "Development provider", issuer: provider.issuer, clientId, clientSecret }),
  ],
});

const app = express();
app.disable("x-powered-by");

// The auth endpoint: /api/auth/signin, /api/auth/callback/dev, /api/auth/signout, /api/auth/session, …
app.use(gatehouseExpress(auth));

app.get("/", async (req, res) => {
  const session = await getSession(auth, req);
  res.send(
    page(
      "Home",
      session
        ? `<p>Signed in as ${who(session)}.</p>`
        : `<p>You are not signed in. <a href="/api/auth/signin">Sign in</a></p>`,
      session,
    ),
  );
});

// Signed out, this sends the browser to the sign-in page and, once signed in, back here.
app.get("/protected", requireSession(auth, { redirectToSignIn: true }), async (req, res) => {
  const session = await getSession(auth, req); // the one requireSession read
  res.set("Cache-Control", "private, no-store");
  res.send(page("Protected page", `<p>Only for signed-in people: ${who(session)}.</p>`, session));
});

const server = app.listen(port, "127.0.0.1", () => {
  console.log(`Listening on ${origin} (OpenID provider at ${provider.issuer})`);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections();
    void provider.close();
  });
}

function who(session: Session | null): string {
  const user = session?.user;
  return `<strong data-testid="user">${escapeHtml(user?.name ?? "")}</strong> (${escapeHtml(user?.email ?? "")})`;
}

function page(title: string, body: string, session: Session | null): string {
  // The built-in sign-out page asks for confirmation (its form carries the CSRF token), then comes home.
  const signOut = session ? `<a href="/api/auth/signout?callbackUrl=%2F">Sign out</a>` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<nav><a href="/">Home</a> <a href="/protected">Protected page</a> ${signOut}</nav>
<main><h1>${title}</h1>${body}</main>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
