import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Credentials, type GatehouseOptions, gatehouse } from "../src/index.ts";
import { SECRET, setCookie, TestBrowser } from "./browser.ts";

const ada = {
  id: "u1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  image: "https://example.com/ada.png",
};

function setup(overrides: Partial<GatehouseOptions> = {}) {
  const auth = gatehouse({
    secret: SECRET,
    url: "http://localhost:3000/api/auth",
    providers: [
      Credentials({
        credentials: { username: { label: "User name" }, password: { label: "Password", type: "password" } },
        authorize: (c) => (c.username === "ada" && c.password === "pw" ? ada : null),
      }),
    ],
    logger: { error() {}, warn() {} },
    ...overrides,
  });
  return { auth, browser: new TestBrowser(auth.handler) };
}

async function signIn(browser: TestBrowser, extra: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/callback/credentials", {
    form: { username: "ada", password: "pw", csrfToken, callbackUrl: "http://localhost:3000/dash", ...extra },
  });
}

describe("credentials sign-in with jwt sessions", () => {
  test("form mode: 302 to the callback URL with a session cookie, then GET session returns the user", async () => {
    const { browser } = setup();
    const response = await signIn(browser);
    assert.equal(response.status, 302);
    assert.equal(response.headers.get("location"), "http://localhost:3000/dash");
    const cookie = setCookie(response, "gatehouse.session-token");
    assert.ok(cookie, "session cookie set");
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Lax/);
    assert.match(cookie, /Path=\//);
    assert.doesNotMatch(cookie, /Secure/);
    const session = await browser.request("/api/auth/session");
    assert.equal(session.status, 200);
    assert.equal(session.headers.get("cache-control"), "private, no-cache, no-store");
    const body = (await session.json()) as { user: unknown; expires: string };
    assert.deepEqual(body.user, { name: ada.name, email: ada.email, image: ada.image });
    const days = (Date.parse(body.expires) - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, `expires in 30 days, got ${days}`);
  });

  test("v4 JSON mode (json=true) answers {url} with the cookies", async () => {
    const { browser } = setup();
    const response = await signIn(browser, { json: "true" });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { url: "http://localhost:3000/dash" });
    assert.ok(setCookie(response, "gatehouse.session-token"));
  });

  test("v5 JSON mode (X-Auth-Return-Redirect) answers {url}", async () => {
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { url: "http://localhost:3000/" });
  });

  test('signed out, GET and POST session answer {} (Auth.js v4), or null with session.signedOut "null" (Auth.js v5)', async () => {
    const v4 = setup();
    assert.equal(await (await v4.browser.request("/api/auth/session")).text(), "{}");
    const v5 = setup({ session: { signedOut: "null" } });
    assert.equal(await (await v5.browser.request("/api/auth/session")).text(), "null");
    const update = await v5.browser.request("/api/auth/session", {
      json: { csrfToken: await v5.browser.csrf(), data: { name: "x" } },
    });
    assert.equal(await update.text(), "null");
    await signIn(v5.browser);
    const session = (await (await v5.browser.request("/api/auth/session")).json()) as {
      user: { name: string };
    };
    assert.equal(session.user.name, ada.name, "a session is the session either way");
    assert.throws(
      () => setup({ session: { signedOut: "undefined" as "null" } }),
      /session\.signedOut must be "\{\}" \(Auth\.js v4's answer, the default\) or "null"/,
    );
  });

  test("wrong credentials: CredentialsSignin on the sign-in page, 401 in JSON mode, no session", async () => {
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    const page = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "nope", csrfToken },
    });
    assert.equal(page.status, 302);
    const location = new URL(page.headers.get("location")!);
    assert.equal(location.pathname, "/api/auth/signin");
    assert.equal(location.searchParams.get("error"), "CredentialsSignin");
    assert.equal(setCookie(page, "gatehouse.session-token"), undefined);
    const api = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "nope", csrfToken, json: "true" },
    });
    assert.equal(api.status, 401);
    const { url } = (await api.json()) as { url: string };
    assert.equal(new URL(url).searchParams.get("error"), "CredentialsSignin");
    assert.deepEqual(await (await browser.request("/api/auth/session")).json(), {});
  });

  test("authorize() throwing is a failed sign-in, not a 500", async () => {
    const { browser } = setup({
      providers: [
        Credentials({
          credentials: { username: {} },
          authorize: () => {
            throw new Error("database exploded: password=hunter2");
          },
        }),
      ],
    });
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/callback/credentials", {
      form: { username: "x", csrfToken, json: "true" },
    });
    assert.equal(response.status, 401);
    assert.doesNotMatch(await response.text(), /hunter2|exploded/);
  });

  test("missing or wrong CSRF token: MissingCSRF, nothing signed in", async () => {
    const { browser } = setup();
    await browser.csrf();
    const noToken = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw" },
    });
    assert.equal(noToken.status, 302);
    assert.equal(new URL(noToken.headers.get("location")!).searchParams.get("error"), "MissingCSRF");
    assert.equal(setCookie(noToken, "gatehouse.session-token"), undefined);
    const wrong = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken: "0".repeat(64), json: "true" },
    });
    assert.equal(wrong.status, 403);
    assert.equal(setCookie(wrong, "gatehouse.session-token"), undefined);
  });

  test("a token without its cookie (another browser) is refused", async () => {
    const { auth, browser } = setup();
    const csrfToken = await browser.csrf();
    const attacker = new TestBrowser(auth.handler);
    const response = await attacker.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken, json: "true" },
    });
    assert.equal(response.status, 403);
  });

  test("a POST whose Origin is another site is refused even with a valid token", async () => {
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken, json: "true" },
      headers: { origin: "https://evil.example" },
    });
    assert.equal(response.status, 403);
    assert.equal(setCookie(response, "gatehouse.session-token"), undefined);
  });

  test("Origin: null (our own pages under no-referrer) leaves the decision to the token", async () => {
    // Regression: Chromium posts the built-in sign-in form with `Origin: null` because the page
    // sends `Referrer-Policy: no-referrer`; refusing it broke every sign-in form in a real browser.
    const { browser } = setup();
    const csrfToken = await browser.csrf();
    const ok = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken, json: "true" },
      headers: { origin: "null" },
    });
    assert.equal(ok.status, 200);
    assert.ok(setCookie(ok, "gatehouse.session-token"));
    const forged = await browser.request("/api/auth/callback/credentials", {
      form: { username: "ada", password: "pw", csrfToken: "f".repeat(64), json: "true" },
      headers: { origin: "null" },
    });
    assert.equal(forged.status, 403);
  });

  test("an off-origin callbackUrl is never followed", async () => {
    for (const evil of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
    ]) {
      const { browser } = setup();
      const response = await signIn(browser, { callbackUrl: evil });
      assert.equal(response.headers.get("location"), "http://localhost:3000/", evil);
    }
  });

  test("the signIn callback can refuse (AccessDenied, 403 in JSON mode)", async () => {
    const { browser } = setup({ callbacks: { signIn: () => false } });
    const response = await signIn(browser, { json: "true" });
    assert.equal(response.status, 403);
    const { url } = (await response.json()) as { url: string };
    assert.equal(url, "http://localhost:3000/api/auth/error?error=AccessDenied");
    assert.equal(setCookie(response, "gatehouse.session-token"), undefined);
  });
});

describe("session reads, updates and sign-out", () => {
  test("a tampered session cookie is signed out: {} and the cookie is cleared", async () => {
    const { browser } = setup();
    await signIn(browser);
    const token = browser.jar.get("gatehouse.session-token")!;
    browser.jar.set("gatehouse.session-token", `${token.slice(0, -4)}AAAA`);
    const response = await browser.request("/api/auth/session");
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), {});
    assert.match(setCookie(response, "gatehouse.session-token") ?? "", /Max-Age=0/);
  });

  test("expiry slides only after update age: no re-issue before, a fresh exp after", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const { browser } = setup({ now: () => now });
    await signIn(browser);
    now += 60 * 60 * 1000; // 1 h later: within update age
    const early = await browser.request("/api/auth/session");
    assert.equal(setCookie(early, "gatehouse.session-token"), undefined, "no re-encryption on a fresh token");
    assert.equal(((await early.json()) as { expires: string }).expires, "2026-01-31T00:00:00.000Z");
    now += 24 * 60 * 60 * 1000; // past update age
    const later = await browser.request("/api/auth/session");
    assert.ok(setCookie(later, "gatehouse.session-token"), "re-issued");
    assert.equal(((await later.json()) as { expires: string }).expires, "2026-02-01T01:00:00.000Z");
  });

  test("an expired session is signed out", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const { browser } = setup({ now: () => now, session: { maxAge: 60, updateAge: 3600 } });
    await signIn(browser);
    now += 120 * 1000;
    assert.deepEqual(await (await browser.request("/api/auth/session")).json(), {});
  });

  test("a cookie read (and so remembered as verified) before it expired is still refused after", async () => {
    let now = Date.parse("2026-01-01T00:00:00Z");
    const { browser } = setup({ now: () => now, session: { maxAge: 60, updateAge: 3600 } });
    await signIn(browser);
    for (let i = 0; i < 3; i++) {
      const read = (await (await browser.request("/api/auth/session")).json()) as { user?: unknown };
      assert.ok(read.user, "signed in while fresh");
    }
    now += 76 * 1000; // past exp and the 15 s clock tolerance
    const response = await browser.request("/api/auth/session");
    assert.deepEqual(await response.json(), {});
    assert.match(setCookie(response, "gatehouse.session-token") ?? "", /Max-Age=0/);
  });

  test("a verified cookie is not shared across instances: another secret refuses it", async () => {
    const { browser } = setup();
    await signIn(browser);
    assert.ok(((await (await browser.request("/api/auth/session")).json()) as { user?: unknown }).user);
    const other = setup({ secret: "another-secret-another-secret-another-secret-0" });
    other.browser.jar.set("gatehouse.session-token", browser.jar.get("gatehouse.session-token")!);
    assert.deepEqual(await (await other.browser.request("/api/auth/session")).json(), {});
  });

  test("POST session runs the jwt callback with trigger update and always re-issues", async () => {
    const { browser } = setup({
      callbacks: {
        jwt: ({ token, trigger, session }) =>
          trigger === "update" ? { ...token, theme: (session as { theme: string }).theme } : token,
        session: ({ session, token }) => ({ ...session, theme: token.theme }),
      },
    });
    await signIn(browser);
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/session", {
      json: { csrfToken, data: { theme: "dark" } },
    });
    assert.equal(response.status, 200);
    assert.equal(((await response.json()) as { theme: string }).theme, "dark");
    assert.ok(setCookie(response, "gatehouse.session-token"));
    assert.equal(
      ((await (await browser.request("/api/auth/session")).json()) as { theme: string }).theme,
      "dark",
    );
  });

  test("POST session without CSRF: 403 {}", async () => {
    const { browser } = setup();
    await signIn(browser);
    const response = await browser.request("/api/auth/session", { json: { data: { x: 1 } } });
    assert.equal(response.status, 403);
    assert.deepEqual(await response.json(), {});
  });

  test("sign-out clears every session chunk and goes to the callback URL", async () => {
    const { browser } = setup({
      callbacks: { jwt: ({ token }) => ({ ...token, blob: "x".repeat(9000) }) },
    });
    await signIn(browser);
    assert.ok(browser.jar.has("gatehouse.session-token.0") && browser.jar.has("gatehouse.session-token.2"));
    assert.equal(
      ((await (await browser.request("/api/auth/session")).json()) as { user: { name: string } }).user.name,
      ada.name,
    );
    const csrfToken = await browser.csrf();
    const response = await browser.request("/api/auth/signout", {
      form: { csrfToken, callbackUrl: "/bye", json: "true" },
    });
    assert.deepEqual(await response.json(), { url: "http://localhost:3000/bye" });
    assert.equal([...browser.jar.keys()].filter((k) => k.startsWith("gatehouse.session-token")).length, 0);
    assert.deepEqual(await (await browser.request("/api/auth/session")).json(), {});
  });

  test("sign-out without CSRF keeps the session", async () => {
    const { browser } = setup();
    await signIn(browser);
    const response = await browser.request("/api/auth/signout", { form: { csrfToken: "nope" } });
    assert.equal(response.status, 302);
    assert.equal(
      response.headers.get("location"),
      "http://localhost:3000/api/auth/signout?error=MissingCSRF",
    );
    assert.ok(browser.jar.has("gatehouse.session-token"));
  });

  test("secret rotation: a session made with the old secret still reads after a new one is added", async () => {
    const old = setup();
    await signIn(old.browser);
    const rotated = setup({ secret: ["new-secret-new-secret-new-secret-0123456789", SECRET] });
    const browser = new TestBrowser(rotated.auth.handler);
    for (const [k, v] of old.browser.jar) browser.jar.set(k, v);
    const body = (await (await browser.request("/api/auth/session")).json()) as { user?: { name: string } };
    assert.equal(body.user?.name, ada.name);
    const retired = setup({ secret: "new-secret-new-secret-new-secret-0123456789" });
    const other = new TestBrowser(retired.auth.handler);
    for (const [k, v] of old.browser.jar) other.jar.set(k, v);
    assert.deepEqual(await (await other.request("/api/auth/session")).json(), {});
  });

  test("getSession(request) reads the session for apps and never throws", async () => {
    const { auth, browser } = setup();
    await signIn(browser);
    const request = new Request("http://localhost:3000/dash", {
      headers: { cookie: browser.cookieHeader() },
    });
    assert.equal((await auth.getSession(request))?.user?.email, ada.email);
    assert.equal(
      await auth.getSession(
        new Request("http://localhost:3000/", { headers: { cookie: "gatehouse.session-token=%%%" } }),
      ),
      null,
    );
  });

  test("on https every cookie is __Host- and Secure: the session cookie included", async () => {
    const auth = gatehouse({
      secret: SECRET,
      url: "https://app.example.com/api/auth",
      providers: [Credentials({ credentials: { u: {} }, authorize: () => ada })],
    });
    const browser = new TestBrowser(auth.handler, "https://app.example.com");
    const csrf = await browser.request("/api/auth/csrf");
    assert.match(setCookie(csrf, "__Host-gatehouse.csrf-token") ?? "", /Secure/);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const response = await browser.request("/api/auth/callback/credentials", { form: { u: "x", csrfToken } });
    assert.match(setCookie(response, "__Host-gatehouse.session-token") ?? "", /; Path=\/;.*; Secure/);
    assert.ok(response.headers.getSetCookie().every((line) => line.startsWith("__Host-")));
  });
});
