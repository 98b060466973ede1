import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { AccessTokenVerifier, Gatehouse, I18nOptions } from "@gatehouse/core";
import { gatehouseRoutes, requireSession } from "@gatehouse/hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { DEV_MAILBOX_CSS, type DevMailbox, renderDevMailbox } from "./dev-mailbox.ts";
import { indexLanguage, withIndexLanguage } from "./index-language.ts";
import { withSignedInNoscript } from "./index-session.ts";
import { providerAccessToken } from "./provider-token-api.ts";
import { resourceApi } from "./resource-api.ts";
import { HTML_SECURITY_HEADERS } from "./security-headers.ts";

export interface AppOptions {
  auth: Gatehouse;
  /** The Vite build output (`apps/web/dist`). */
  staticDir: string;
  /** Development only: the mailbox whose sign-in links `/dev/mailbox` lists. */
  devMailbox?: DevMailbox | null;
  /** Checks the bearer tokens of the JSON API at `/api/resource/*`; without it that API is a 404. */
  resourceVerifier?: AccessTokenVerifier | null;
  /**
   * The same `i18n` options as `auth`'s: a language they force or detect, and the languages they
   * offer, are written into the UI's page (`<meta name="gatehouse-locale">`, `…-locales`).
   */
  i18n?: I18nOptions | undefined;
}

/** Vite puts a content hash in every file name under `/assets/`, so they never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The web app: the auth endpoint, a small session API, a server-guarded protected page and the
 * built UI. Needs no server to test: `await createApp(options).request("/api/me")`.
 *
 * @example serve({ fetch: createApp({ auth, staticDir: "apps/web/dist" }).fetch, port: 3000 });
 */
export function createApp({ auth, staticDir, devMailbox, resourceVerifier, i18n }: AppOptions): Hono {
  const app = new Hono();
  const sendIndex = (c: Context, cacheControl?: string) =>
    sendIndexPage(c, { auth, staticDir, i18n, cacheControl });

  app.route("/", gatehouseRoutes(auth));

  app.get("/api/me", async (c) => {
    const session = await auth.getSession(c.req.raw);
    c.header("Cache-Control", "private, no-store");
    return session ? c.json(session) : c.json({ error: "SessionRequired" }, 401);
  });
  if (resourceVerifier) app.route("/api/resource", resourceApi(resourceVerifier));
  app.get("/api/me/providers/:provider/access-token", (c) => providerAccessToken(c, auth));
  app.all("/api/*", (c) => c.json({ error: "NotFound" }, 404));

  // Every page and file below; the auth endpoint above sets its own headers.
  app.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
  });

  // The links in it sign anyone in: it exists only when start-up made a dev mailbox (development
  // without SMTP). Otherwise /dev/ is a plain 404, not the UI's client-side fallback.
  if (devMailbox) {
    app.get("/dev/mailbox", (c) =>
      c.html(renderDevMailbox(devMailbox.messages()), 200, {
        ...HTML_SECURITY_HEADERS,
        "Cache-Control": "no-store",
      }),
    );
    app.get("/dev/mailbox.css", (c) =>
      c.body(DEV_MAILBOX_CSS, 200, {
        "Content-Type": "text/css; charset=utf-8",
        "Cache-Control": "no-cache",
      }),
    );
  }
  app.all("/dev/*", (c) => c.notFound());

  // Guarded on the server, so it holds without JavaScript (signed out: to the sign-in page, with the
  // way back); the UI checks again for in-app navigation.
  app.get("/protected", requireSession(auth, { redirectToSignIn: true }), (c) =>
    // The answer depends on the session: never cache it, or Back after sign-out would show it.
    sendIndex(c, "private, no-store"),
  );

  app.get("/", (c) => sendIndex(c));
  app.get("/index.html", (c) => sendIndex(c));

  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", IMMUTABLE);
  });
  app.get("*", serveStatic({ root: staticDir }));

  // Client-side routes get the UI; a missing file (a path with an extension) is a plain 404.
  app.get("*", (c) => (/\.[a-z0-9]+$/i.test(c.req.path) ? c.notFound() : sendIndex(c)));
  return app;
}

/**
 * The UI's `index.html`, with what the server knows of its language. `no-cache` by default: a browser
 * checks for a new build before using its copy. A page that `i18n.detectLocale` may change per request
 * (from the person's profile, say) is `private` too, so that no shared cache hands it to someone else.
 */
async function sendIndexPage(
  c: Context,
  {
    auth,
    staticDir,
    i18n,
    cacheControl = "no-cache",
  }: { auth: Gatehouse; staticDir: string; i18n: I18nOptions | undefined; cacheControl?: string | undefined },
): Promise<Response> {
  let html: string;
  try {
    html = await readFile(join(staticDir, "index.html"), "utf8");
  } catch {
    return c.text("The UI is not built yet: run `npm run build --workspace apps/web`.", 503);
  }
  // Signed in: the page's <noscript> names the person and offers sign-out (for a browser without
  // JavaScript), so the answer is theirs alone and never stored.
  const session = await auth.getSession(c.req.raw);
  if (session?.user) {
    html = withSignedInNoscript(html, session.user, c.req.raw, i18n);
    cacheControl = "private, no-store";
  }
  const perRequest = i18n?.detectLocale !== undefined && !cacheControl.startsWith("private");
  return c.html(withIndexLanguage(html, indexLanguage(c.req.raw, i18n)), 200, {
    ...HTML_SECURITY_HEADERS,
    "Cache-Control": perRequest ? `private, ${cacheControl}` : cacheControl,
  });
}
