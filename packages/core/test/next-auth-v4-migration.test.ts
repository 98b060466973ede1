/**
 * Moving from next-auth v4 signs nobody out (docs/migrating-from-next-auth.md): session cookies
 * minted by the real next-auth v4 `encode` (and chunked by its own `SessionStore`) are read through
 * `auth.handler` and replaced by Gatehouse sessions on the first request.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { beforeEach, describe, test } from "node:test";
import { encode } from "next-auth/jwt";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { type GatehouseOptions, gatehouse, optionsFromEnv, type Session } from "../src/index.ts";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  sessionOf,
  sessionTokenSet,
  setCookie,
  sha256hex,
  signIn,
  signOut,
  TestBrowser,
} from "./support/flows.ts";

const V4_SECRET = "the secret the next-auth v4 app had"; // v4 asked for no minimum length
const V4_COOKIE = "next-auth.session-token";
const HTTPS_APP = "https://app.example.test";
const ada = {
  sub: "ada",
  name: "Ada Lovelace",
  email: "ada@example.test",
  picture: "https://example.test/ada.png",
};

/** next-auth v4's own cookie chunking (`SessionStore` in next-auth/core/lib/cookie), loaded from the package. */
async function v4Chunks(name: string, value: string): Promise<Array<{ name: string; value: string }>> {
  const cookieModule = new URL("../core/lib/cookie.js", import.meta.resolve("next-auth/jwt"));
  const { SessionStore } = (await import(cookieModule.href)) as {
    SessionStore: new (
      option: { name: string; options: object },
      req: { cookies: object },
      logger: { debug(): void },
    ) => { chunk(value: string, options: object): Array<{ name: string; value: string }> };
  };
  return new SessionStore({ name, options: {} }, { cookies: {} }, { debug() {} }).chunk(value, {});
}

/** A Set-Cookie line that deletes `name`. */
function deletes(response: Response, name: string): boolean {
  return /max-age=0/i.test(setCookie(response, name) ?? "");
}

describe("the guide's example (docs/migrating-from-next-auth.md)", () => {
  test("a cookie from next-auth v4's own encode is read by Gatehouse and replaced", async () => {
    const env = { AUTH_SECRET: SECRET, NEXTAUTH_SECRET: V4_SECRET, NEXTAUTH_URL: "http://localhost:3000" };
    // guide:start
    const auth = gatehouse({ ...optionsFromEnv(env), providers: [] });

    // A session cookie exactly as next-auth v4 set it.
    const v4Token = await encode({
      token: { sub: "ada", name: "Ada Lovelace", email: "ada@example.test" },
      secret: env.NEXTAUTH_SECRET,
    });
    const response = await auth.handler(
      new Request("http://localhost:3000/api/auth/session", {
        headers: { cookie: `next-auth.session-token=${v4Token}` },
      }),
    );

    const session = await response.json();
    assert.equal(session.user.email, "ada@example.test"); // still signed in
    const cookies = response.headers.getSetCookie();
    assert.ok(cookies.some((c) => c.startsWith("gatehouse.session-token=ey"))); // the Gatehouse session
    assert.ok(cookies.some((c) => c.startsWith("next-auth.session-token=;"))); // the v4 cookie, deleted
    // guide:end
  });

  test("the guide shows that example verbatim", () => {
    const source = readFileSync(new URL(import.meta.url), "utf8");
    const body = /\n( *)\/\/ guide:start\n([\s\S]*?)\n *\/\/ guide:end/.exec(source);
    assert.ok(body);
    const indent = new RegExp(`^${body[1]}`, "gm");
    const example = (body[2] ?? "").replace(indent, "");
    const guide = readFileSync(new URL("../../../docs/migrating-from-next-auth.md", import.meta.url), "utf8");
    assert.ok(guide.includes(example), "docs/migrating-from-next-auth.md has the example as it runs here");
  });
});

describe("next-auth v4 session cookies, jwt strategy", () => {
  const clock = { now: Date.now() };
  const logger = recordingLogger();
  beforeEach(() => {
    clock.now = Date.now();
    logger.lines.length = 0;
  });

  function app(options: Partial<GatehouseOptions> = {}, origin = APP): TestBrowser {
    const auth = gatehouse({
      secret: SECRET,
      url: `${origin}/api/auth`,
      providers: [people({ grace: { id: "grace", name: "Grace Hopper", email: "grace@example.test" } })],
      migrate: { nextAuthV4: { secret: V4_SECRET } },
      // What a v4 app's callbacks typically did: a claim its `jwt` callback added, shown in the session.
      callbacks: { session: ({ session, token }) => ({ ...session, role: token.role }) },
      now: () => clock.now,
      logger,
      ...options,
    });
    return new TestBrowser(auth.handler, origin);
  }

  test("the first request re-issues the v4 session as a Gatehouse one; the next is an ordinary session", async () => {
    const browser = app();
    browser.jar.set(V4_COOKIE, await encode({ token: { ...ada, role: "admin" }, secret: V4_SECRET }));

    const first = await browser.request("/api/auth/session");
    assert.equal(first.status, 200);
    const session = (await first.json()) as Session;
    assert.deepEqual(session.user, { name: ada.name, email: ada.email, image: ada.picture });
    assert.equal(session.role, "admin", "claims the v4 jwt callback added carry over");
    assert.ok(sessionTokenSet(first), "a Gatehouse session cookie is set");
    assert.ok(deletes(first, V4_COOKIE), "the v4 cookie is deleted");
    assert.deepEqual([...browser.jar.keys()].sort(), ["gatehouse.csrf-token", SESSION_COOKIE]);

    const next = await browser.request("/api/auth/session");
    assert.deepEqual(await next.json(), session, "the same person, from the Gatehouse cookie");
    assert.deepEqual(next.headers.getSetCookie(), [], "nothing re-issued, nothing deleted");

    // A real Gatehouse session: it reads the same with the migration switched off.
    const after = app({ migrate: undefined });
    after.jar.set(SESSION_COOKIE, browser.jar.get(SESSION_COOKIE) ?? "");
    assert.deepEqual(await sessionOf(after), session);
    assert.deepEqual(logger.lines, []);
  });

  test("a chunked v4 cookie (a large token) is reassembled, and every chunk is deleted", async () => {
    const groups = Array.from({ length: 400 }, (_, i) => `group-${i}-${crypto.randomUUID()}`);
    const token = await encode({ token: { ...ada, groups }, secret: V4_SECRET });
    const chunks = await v4Chunks(V4_COOKIE, token);
    assert.ok(chunks.length >= 3, `v4 split it into ${chunks.length} cookies`);
    const browser = app({
      callbacks: { session: ({ session, token }) => ({ ...session, groups: token.groups }) },
    });
    for (const chunk of chunks) browser.jar.set(chunk.name, chunk.value);

    const first = await browser.request("/api/auth/session");
    assert.deepEqual(((await first.json()) as Session).groups, groups);
    for (const chunk of chunks) assert.ok(deletes(first, chunk.name), `${chunk.name} deleted`);
    assert.ok(
      browser.jar.has(`${SESSION_COOKIE}.0`),
      "the claims carried over: the Gatehouse cookie is chunked too",
    );
    assert.deepEqual(((await sessionOf(browser)) as Session).groups, groups);
  });

  test("on https the cookie is __Secure-next-auth.session-token, and the Gatehouse one __Host-", async () => {
    const browser = app({}, HTTPS_APP);
    browser.jar.set(`__Secure-${V4_COOKIE}`, await encode({ token: ada, secret: V4_SECRET }));
    const first = await browser.request("/api/auth/session");
    assert.equal(((await first.json()) as Session).user?.email, ada.email);
    assert.match(setCookie(first, `__Host-${SESSION_COOKIE}`) ?? "", /; Secure/);
    assert.doesNotMatch(setCookie(first, `__Host-${SESSION_COOKIE}`) ?? "", /Domain=/i);
    assert.ok(deletes(first, `__Secure-${V4_COOKIE}`));

    // The http name is not v4's cookie on https (v4 never set it there): ignored, left alone.
    const other = app({}, HTTPS_APP);
    other.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const ignored = await other.request("/api/auth/session");
    assert.deepEqual(await ignored.json(), {});
    assert.equal(setCookie(ignored, V4_COOKIE), undefined);
  });

  test("expired, tampered or another secret's: no session, and the v4 cookie goes", async () => {
    const valid = await encode({ token: ada, secret: V4_SECRET, maxAge: 60 });
    const parts = valid.split(".");
    const tag = parts[4] ?? "";
    parts[4] = (tag[0] === "A" ? "B" : "A") + tag.slice(1);
    const cases: Array<[string, string, number]> = [
      ["expired (past v4's 15 s tolerance)", valid, 60_000 + 16_000],
      ["tampered", parts.join("."), 0],
      ["another secret", await encode({ token: ada, secret: "some other app's secret" }), 0],
      ["garbage", "not-a-token", 0],
    ];
    for (const [label, cookie, later] of cases) {
      clock.now = Date.now() + later;
      const browser = app();
      browser.jar.set(V4_COOKIE, cookie);
      const response = await browser.request("/api/auth/session");
      assert.deepEqual(await response.json(), {}, label);
      assert.ok(deletes(response, V4_COOKIE), `${label}: the v4 cookie is deleted`);
      assert.equal(sessionTokenSet(response), undefined, `${label}: no Gatehouse session`);
    }
  });

  test("a jwt callback that refuses the carried-over token: signed out", async () => {
    const browser = app({ callbacks: { jwt: () => null } });
    browser.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const response = await browser.request("/api/auth/session");
    assert.deepEqual(await response.json(), {});
    assert.ok(deletes(response, V4_COOKIE));
    assert.equal(sessionTokenSet(response), undefined);
  });

  test("migration off: a v4 cookie is ignored and left alone", async () => {
    const browser = app({ migrate: undefined });
    browser.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const response = await browser.request("/api/auth/session");
    assert.deepEqual(await response.json(), {});
    assert.equal(setCookie(response, V4_COOKIE), undefined);
    assert.equal(sessionTokenSet(response), undefined);
  });

  test("a Gatehouse session cookie wins: a v4 cookie beside it is not even looked at", async () => {
    const browser = app();
    await signIn(browser, "grace");
    browser.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const response = await browser.request("/api/auth/session");
    assert.equal(((await response.json()) as Session).user?.name, "Grace Hopper");
    assert.equal(setCookie(response, V4_COOKIE), undefined);
  });

  test("sign-in and sign-out delete a v4 cookie, so it cannot come back", async () => {
    const signingIn = app();
    await signingIn.csrf();
    signingIn.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const signedIn = await signIn(signingIn, "grace");
    assert.ok(deletes(signedIn, V4_COOKIE));
    assert.equal(((await sessionOf(signingIn)) as Session).user?.name, "Grace Hopper");

    const signingOut = app();
    await signingOut.csrf();
    signingOut.jar.set(V4_COOKIE, await encode({ token: ada, secret: V4_SECRET }));
    const signedOut = await signOut(signingOut);
    assert.equal(signedOut.status, 302);
    assert.ok(deletes(signedOut, V4_COOKIE));
    assert.deepEqual(await sessionOf(signingOut), {});
  });

  test("auth.getSession and auth.getUserId read a v4 cookie (their cookies go nowhere: nothing is issued)", async () => {
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      providers: [],
      migrate: { nextAuthV4: { secret: V4_SECRET } },
    });
    const cookie = `${V4_COOKIE}=${await encode({ token: ada, secret: V4_SECRET })}`;
    const request = () => new Request(`${APP}/dashboard`, { headers: { cookie } });
    assert.equal((await auth.getSession(request()))?.user?.email, ada.email);
    assert.equal(await auth.getUserId(request()), ada.sub);
  });
});

describe("next-auth v4 session cookies, database strategy", () => {
  const logger = recordingLogger();
  beforeEach(() => {
    logger.lines.length = 0;
  });

  async function setUp() {
    const adapter = createMemoryAdapter();
    // v4 with an adapter (and `session: { strategy: "jwt" }`) put the stored user's id in `sub`.
    const stored = await adapter.createUser({ name: "Ada Lovelace", email: ada.email, emailVerified: null });
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter,
      providers: [],
      callbacks: exposeUserId,
      migrate: { nextAuthV4: { secret: V4_SECRET } },
      logger,
    });
    return { adapter, stored, auth, browser: new TestBrowser(auth.handler) };
  }

  test("the v4 token's sub names a stored user: a database session is created for them", async () => {
    const { adapter, stored, browser } = await setUp();
    // The token's name is stale; the session shows the stored user, as database sessions do.
    browser.jar.set(
      V4_COOKIE,
      await encode({ token: { ...ada, name: "A. L.", sub: stored.id }, secret: V4_SECRET }),
    );

    const first = await browser.request("/api/auth/session");
    const session = (await first.json()) as Session;
    assert.deepEqual(session.user, { name: "Ada Lovelace", email: ada.email, image: null, id: stored.id });
    const token = sessionTokenSet(first);
    assert.ok(token && deletes(first, V4_COOKIE));
    const rows = adapter.tables().sessions;
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.userId, stored.id);
    assert.equal(rows[0]?.sessionToken, await sha256hex(token), "stored hashed, as every session");

    assert.deepEqual(await sessionOf(browser), session, "the next request is an ordinary database session");
    assert.equal(adapter.tables().sessions.length, 1);
    assert.deepEqual(logger.lines, []);
  });

  test("a sub that names no stored user is signed out, and nothing is stored", async () => {
    const { adapter, browser } = await setUp();
    browser.jar.set(V4_COOKIE, await encode({ token: { ...ada, sub: "github-12345" }, secret: V4_SECRET }));
    const response = await browser.request("/api/auth/session");
    assert.deepEqual(await response.json(), {});
    assert.ok(deletes(response, V4_COOKIE));
    assert.equal(adapter.tables().sessions.length, 0);
  });

  test("jwt sessions with storage: sub must name a stored user too; the claims carry over, no row is stored", async () => {
    const adapter = createMemoryAdapter();
    const stored = await adapter.createUser({ name: "Ada Lovelace", email: ada.email, emailVerified: null });
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter,
      session: { strategy: "jwt" },
      providers: [],
      migrate: { nextAuthV4: { secret: V4_SECRET } },
    });
    const known = new TestBrowser(auth.handler);
    known.jar.set(V4_COOKIE, await encode({ token: { ...ada, sub: stored.id }, secret: V4_SECRET }));
    assert.equal(((await sessionOf(known)) as Session).user?.name, ada.name, "the token's claims");
    assert.ok(known.jar.has(SESSION_COOKIE));
    assert.equal(adapter.tables().sessions.length, 0);

    // v4 without an adapter put the provider's id in `sub`: here that is nobody.
    const foreign = await encode({ token: { ...ada, sub: "github-12345" }, secret: V4_SECRET });
    const unknown = new TestBrowser(auth.handler);
    unknown.jar.set(V4_COOKIE, foreign);
    assert.deepEqual(await sessionOf(unknown), {});
    const request = new Request(`${APP}/`, { headers: { cookie: `${V4_COOKIE}=${foreign}` } });
    assert.equal(await auth.getUserId(request), null, "and no user id for account linking");
  });

  test("auth.getSession reads a v4 cookie without storing a session row", async () => {
    const { adapter, stored, auth } = await setUp();
    const cookie = `${V4_COOKIE}=${await encode({ token: { ...ada, sub: stored.id }, secret: V4_SECRET })}`;
    const session = await auth.getSession(new Request(`${APP}/dashboard`, { headers: { cookie } }));
    assert.equal(session?.user?.id, stored.id);
    assert.equal(adapter.tables().sessions.length, 0);
  });
});
