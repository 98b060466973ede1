import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { Credentials, gatehouse, type I18nOptions } from "@gatehouse/core";
import type { Hono } from "hono";
import { createApp } from "./app.ts";
import { createDevMailbox } from "./dev-mailbox.ts";
import { LANGUAGE_MODULES } from "./language-modules.ts";
import { CookieJar } from "./testing/cookie-jar.ts";

const ORIGIN = "http://localhost:3000";
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

describe("createApp", () => {
  let staticDir: string;
  let app: Hono;

  before(async () => {
    staticDir = await mkdtemp(join(tmpdir(), "gatehouse-web-dist-"));
    await mkdir(join(staticDir, "assets"));
    await writeFile(join(staticDir, "index.html"), INDEX);
    await writeFile(join(staticDir, "assets", "index-AbC123.js"), "console.log('app');");
    await writeFile(join(staticDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: `${ORIGIN}/api/auth`,
      providers: [
        Credentials({
          credentials: {
            username: { label: "User name" },
            password: { label: "Password", type: "password" },
          },
          authorize: (c) =>
            c.username === "alice" && c.password === "wonderland"
              ? { id: "1", name: "Alice", email: "alice@example.test" }
              : null,
        }),
      ],
      logger: { error: () => {}, warn: () => {} },
    });
    app = createApp({ auth, staticDir });
  });

  after(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (path: string, jar?: CookieJar) =>
    app.request(`${ORIGIN}${path}`, { headers: jar ? { cookie: jar.header() } : {} });

  /** Signs in through the real handler, the way the built-in sign-in form does. */
  async function signIn(password = "wonderland"): Promise<{ jar: CookieJar; response: Response }> {
    const jar = new CookieJar();
    const csrf = await get("/api/auth/csrf", jar);
    jar.store(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await app.request(`${ORIGIN}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header(), origin: ORIGIN },
      body: new URLSearchParams({
        username: "alice",
        password,
        csrfToken,
        callbackUrl: `${ORIGIN}/protected`,
      }),
    });
    jar.store(response);
    return { jar, response };
  }

  it("mounts the auth endpoint at /api/auth", async () => {
    const response = await get("/api/auth/providers");
    assert.equal(response.status, 200);
    const providers = (await response.json()) as Record<string, { type: string }>;
    assert.equal(providers.credentials?.type, "credentials");
    assert.match(await (await get("/api/auth/signin")).text(), /Sign in with Credentials/);
  });

  // Issue 22, item 11: JSON 20,000 arrays deep (40 KB, under the size limit) answered 500. The app's
  // own API takes no bodies: a POST there is a 404 without reading one.
  it("answers a JSON body nested 20,000 deep with 400 InvalidBody; the app's own API with 404", async () => {
    const { jar } = await signIn();
    const csrf = await get("/api/auth/csrf", jar);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const deep = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
    const post = (path: string) =>
      app.request(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: jar.header(), origin: ORIGIN },
        body: `{"csrfToken":"${csrfToken}","data":${deep}}`,
      });
    const update = await post("/api/auth/session");
    assert.equal(update.status, 400);
    assert.equal(((await update.json()) as { error: string }).error, "InvalidBody");
    for (const path of ["/api/me", "/api/resource/items", "/api/anything"]) {
      assert.equal((await post(path)).status, 404, path);
    }
  });

  it("passes the auth endpoint's answers through unchanged (its pages keep their own headers)", async () => {
    const page = await get("/api/auth/signin");
    assert.equal(page.headers.get("referrer-policy"), "no-referrer");
    assert.match(page.headers.get("content-security-policy") ?? "", /nonce-/, "core's own CSP is kept");
  });

  it("sends a signed-out visitor of /protected to sign in, and back afterwards", async () => {
    const response = await get("/protected?tab=1");
    assert.equal(response.status, 302);
    assert.equal(response.headers.get("location"), "/api/auth/signin?callbackUrl=%2Fprotected%3Ftab%3D1");
  });

  it("/api/me is 401 when signed out and the session after a credentials sign-in", async () => {
    const signedOut = await get("/api/me");
    assert.equal(signedOut.status, 401);
    assert.deepEqual(await signedOut.json(), { error: "SessionRequired" });

    const { jar, response } = await signIn();
    assert.equal(response.status, 302);
    assert.equal(response.headers.get("location"), `${ORIGIN}/protected`);

    const me = await get("/api/me", jar);
    assert.equal(me.status, 200);
    assert.equal(me.headers.get("cache-control"), "private, no-store");
    const session = (await me.json()) as { user?: { name?: string; email?: string }; expires?: string };
    assert.deepEqual(session.user, { name: "Alice", email: "alice@example.test" });
    assert.equal(typeof session.expires, "string");

    const page = await get("/protected", jar);
    assert.equal(page.status, 200);
    assert.equal(await page.text(), INDEX);
    assert.equal(page.headers.get("cache-control"), "private, no-store");
  });

  it("the start page of a signed-in person is theirs alone: never stored (its noscript names them)", async () => {
    const { jar } = await signIn();
    assert.equal((await get("/", jar)).headers.get("cache-control"), "private, no-store");
    assert.equal((await get("/")).headers.get("cache-control"), "no-cache");
  });

  it("a wrong password signs nobody in", async () => {
    const { jar, response } = await signIn("guess");
    assert.match(response.headers.get("location") ?? "", /error=CredentialsSignin/);
    assert.equal((await get("/api/me", jar)).status, 401);
  });

  it("serves the UI with security headers", async () => {
    const response = await get("/");
    assert.equal(response.status, 200);
    assert.equal(await response.text(), INDEX);
    assert.match(response.headers.get("content-type") ?? "", /^text\/html/);
    assert.equal(
      response.headers.get("content-security-policy"),
      "default-src 'self'; img-src 'self' https:; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    );
    assert.equal(response.headers.get("referrer-policy"), "same-origin");
    assert.equal(response.headers.get("x-content-type-options"), "nosniff");
    assert.equal(response.headers.get("cache-control"), "no-cache");
  });

  it("falls back to the UI for client-side routes", async () => {
    for (const path of ["/somewhere", "/deep/link", "/index.html"]) {
      const response = await get(path);
      assert.equal(response.status, 200, path);
      assert.equal(await response.text(), INDEX, path);
      assert.ok(response.headers.get("content-security-policy"), path);
    }
  });

  it("serves hashed assets with a long cache, other files without", async () => {
    const asset = await get("/assets/index-AbC123.js");
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(asset.headers.get("x-content-type-options"), "nosniff");

    const icon = await get("/favicon.svg");
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get("cache-control"), null);
  });

  it("answers 404 for missing files and unknown API routes, not the UI", async () => {
    assert.equal((await get("/missing.js")).status, 404);
    assert.equal((await get("/assets/gone-123.js")).status, 404);
    const api = await get("/api/nothing");
    assert.equal(api.status, 404);
    assert.deepEqual(await api.json(), { error: "NotFound" });
  });

  it("does not serve files outside the build folder", async () => {
    for (const path of ["/../package.json", "/%2e%2e/package.json", "/assets/..%2f..%2fpackage.json"]) {
      const response = await get(path);
      assert.notEqual(response.headers.get("content-type"), "application/json", path);
    }
  });

  it("has no /dev/mailbox without a dev mailbox: a plain 404, not the UI", async () => {
    for (const path of ["/dev/mailbox", "/dev/mailbox.css", "/dev/anything"]) {
      const response = await get(path);
      assert.equal(response.status, 404, path);
      assert.notEqual(await response.text(), INDEX, path);
    }
  });

  it("serves /dev/mailbox from the dev mailbox, uncached and under the app's CSP", async () => {
    const devMailbox = createDevMailbox({ log: () => {} });
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: ORIGIN,
      providers: [],
    });
    const withMailbox = createApp({ auth, staticDir, devMailbox });
    const url = `${ORIGIN}/api/auth/callback/email?token=t&email=bob%40example.test`;
    await devMailbox.send({
      identifier: "bob@example.test",
      url,
      expires: new Date(),
      provider: { id: "email", name: "Email", type: "email", sendVerificationRequest: async () => {} },
      theme: {},
      locale: "en",
      subject: "Sign in",
      text: url,
      html: "",
    });
    const response = await withMailbox.request(`${ORIGIN}/dev/mailbox`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("cache-control"), "no-store");
    assert.equal(
      response.headers.get("content-security-policy"),
      "default-src 'self'; img-src 'self' https:; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    );
    assert.match(await response.text(), /<a href="[^"]+">Sign in as bob@example\.test<\/a>/);
    const css = await withMailbox.request(`${ORIGIN}/dev/mailbox.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get("content-type") ?? "", /^text\/css/);
  });

  it("explains a missing build instead of failing", async () => {
    const unbuilt = createApp({
      auth: gatehouse({ secret: "a-test-secret-that-is-long-enough-123456", url: ORIGIN, providers: [] }),
      staticDir: join(staticDir, "not-there"),
    });
    const response = await unbuilt.request(`${ORIGIN}/`);
    assert.equal(response.status, 503);
    assert.match(await response.text(), /npm run build/);
  });
});

describe("createApp: the UI's page says what the server decides about languages", () => {
  const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Gatehouse</title>
  </head>
  <body><div id="root"></div></body>
</html>`;
  let staticDir: string;

  before(async () => {
    staticDir = await mkdtemp(join(tmpdir(), "gatehouse-web-dist-"));
    await writeFile(join(staticDir, "index.html"), BUILT);
  });

  after(async () => {
    await rm(staticDir, { recursive: true, force: true });
  });

  /** The app with these `i18n` options and its language modules, given to core and to the app alike, as start.ts does. */
  function appWith(i18n: I18nOptions): Hono {
    const auth = gatehouse({
      secret: "a-test-secret-that-is-long-enough-123456",
      url: `${ORIGIN}/api/auth`,
      providers: [],
      modules: LANGUAGE_MODULES,
      i18n,
    });
    return createApp({ auth, staticDir, i18n });
  }

  /** The page at `path`, for a browser that asks for French by cookie and Japanese by its settings. */
  async function page(app: Hono, path = "/account", headers: Record<string, string> = {}) {
    const response = await app.request(`${ORIGIN}${path}`, {
      headers: { cookie: "gatehouse-lang=fr", "accept-language": "ja", ...headers },
    });
    assert.equal(response.status, 200);
    return { html: await response.text(), cacheControl: response.headers.get("cache-control") };
  }

  const localeMeta = (html: string) => /<meta name="gatehouse-locale" content="([^"]*)"/.exec(html)?.[1];
  const localesMeta = (html: string) => /<meta name="gatehouse-locales" content="([^"]*)"/.exec(html)?.[1];
  const htmlLang = (html: string) => /<html lang="([^"]*)">/.exec(html)?.[1];

  it("a forced language (i18n.locale): the meta and <html lang>, over the cookie and the browser's", async () => {
    const forced = appWith({ locale: "de" });
    for (const path of ["/", "/account", "/admin/users/u1", "/index.html"]) {
      const { html, cacheControl } = await page(forced, path);
      assert.equal(localeMeta(html), "de", path);
      assert.equal(htmlLang(html), "de", path);
      assert.equal(localesMeta(html), undefined, path);
      assert.equal(cacheControl, "no-cache", "the same page for everyone");
    }
  });

  it("a language detectLocale decides: the meta, and a private page; when it passes, nothing", async () => {
    const detected = appWith({
      detectLocale: (request) => (request.headers.get("x-demo-user") === "kenji" ? "ja" : undefined),
    });
    const kenji = await page(detected, "/account", { "x-demo-user": "kenji", cookie: "gatehouse-lang=de" });
    assert.equal(localeMeta(kenji.html), "ja");
    assert.equal(htmlLang(kenji.html), "ja");
    assert.equal(kenji.cacheControl, "private, no-cache", "it may differ per person: no shared cache");

    const other = await page(detected, "/account", { "x-demo-user": "ada" });
    assert.equal(other.html, BUILT, "the cookie decides: the UI reads it, its picker stays");
  });

  it("neither for a language from the cookie or Accept-Language: the UI's picker decides", async () => {
    const { html } = await page(appWith({ defaultLocale: "de" }));
    assert.equal(html, BUILT);
  });

  it("the offered languages when i18n.locales limits them, with or without a decided one", async () => {
    const limited = await page(appWith({ locales: ["en", "de"] }));
    assert.equal(localesMeta(limited.html), "en de");
    assert.equal(localeMeta(limited.html), undefined);
    assert.equal(htmlLang(limited.html), "en", "the UI sets it once it has chosen");

    const both = await page(appWith({ locales: ["en", "pt-BR"], locale: "pt" }));
    assert.equal(localesMeta(both.html), "en pt-BR");
    assert.equal(localeMeta(both.html), "pt-BR");
  });

  it("a forced language wins over detectLocale, as on core's pages", async () => {
    const home = await page(appWith({ locale: "ja", detectLocale: () => "de" }), "/");
    assert.equal(localeMeta(home.html), "ja");
    assert.equal(htmlLang(home.html), "ja");
  });
});
