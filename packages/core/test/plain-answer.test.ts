/**
 * `answer` (a plain request description in, a plain answer out) and `handler` (Web `Request` in,
 * `Response` out) are one dispatcher: for the same request they must answer the same status, headers,
 * cookies and body. Each request goes to two identical worlds — same secret, same clock, same stored
 * rows and the same random numbers — one through `handler`, the other through `answer`, and the two
 * answers must be equal with nothing normalised but the order of the Set-Cookie lines.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { createMemoryAdapter, type MemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { type Gatehouse, type GatehouseOptions, gatehouse, type RequestHead } from "../src/index.ts";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  signIn,
  TestBrowser,
} from "./support/flows.ts";

const DAY = 86_400_000;
const MAX_AGE = 30 * DAY;
const UPDATE_AGE = DAY;
const SESSION_URL = `${APP}/api/auth/session`;
const ada = { id: "ada", name: "Ada Lovelace", email: "ada@example.test" };

/** What a client can observe of an answer. */
interface Observed {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: string;
}

async function viaHandler(auth: Gatehouse, url: string, headers: Record<string, string>): Promise<Observed> {
  const response = await auth.handler(new Request(url, { headers }));
  const names: Record<string, string> = {};
  for (const [name, value] of response.headers) if (name !== "set-cookie") names[name] = value;
  return {
    status: response.status,
    headers: names,
    cookies: response.headers.getSetCookie().sort(),
    body: await response.text(),
  };
}

async function viaAnswer(auth: Gatehouse, url: string, headers: Record<string, string>): Promise<Observed> {
  const answer = await auth.answer(plainRequest(url, headers));
  return {
    status: answer.status,
    headers: { ...answer.headers },
    cookies: [...answer.cookies].sort(),
    body: answer.body ?? "",
  };
}

/** A request as a server adapter describes one: no `Request`, no `Headers`. */
function plainRequest(url: string, headers: Record<string, string>): RequestHead {
  const byName = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return { method: "GET", url, headers: { get: (name) => byName.get(name.toLowerCase()) ?? null } };
}

/**
 * Seeded `crypto.getRandomValues` and `crypto.randomUUID` (CSRF tokens, session tokens, JWE IVs, token
 * ids, page nonces), so that two worlds reseeded alike draw the same numbers.
 */
function seededCrypto() {
  const original = { getRandomValues: crypto.getRandomValues, randomUUID: crypto.randomUUID };
  let state = 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 0xff;
  };
  const fill = (bytes: Uint8Array) => {
    for (let i = 0; i < bytes.length; i++) bytes[i] = next();
    return bytes;
  };
  return {
    reseed(seed: number) {
      state = seed || 1;
    },
    install() {
      crypto.getRandomValues = (<T extends ArrayBufferView | null>(array: T): T => {
        if (array) fill(new Uint8Array(array.buffer, array.byteOffset, array.byteLength));
        return array;
      }) as typeof crypto.getRandomValues;
      crypto.randomUUID = () => {
        const hex = Buffer.from(fill(new Uint8Array(16))).toString("hex");
        return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}` as ReturnType<
          typeof crypto.randomUUID
        >;
      };
    },
    restore() {
      crypto.getRandomValues = original.getRandomValues;
      crypto.randomUUID = original.randomUUID;
    },
  };
}

const random = seededCrypto();
before(() => random.install());
after(() => random.restore());

interface World {
  auth: Gatehouse;
  browser: TestBrowser;
  adapter: MemoryAdapter | null;
}

/**
 * Two identical worlds on one clock, each signed in as Ada by credentials; `same` sends one request to
 * each, through `handler` and through `answer`, and asserts the answers equal.
 */
function twins(options: { database?: boolean; big?: boolean; url?: boolean; trustHost?: boolean } = {}) {
  const clock = { now: Date.UTC(2026, 0, 1) };
  const logger = recordingLogger();
  let seed = 1000;
  function world(): World {
    const adapter = options.database ? createMemoryAdapter({ now: () => clock.now }) : null;
    const overrides: Partial<GatehouseOptions> = {
      ...(adapter
        ? { adapter, session: { strategy: "database", maxAge: MAX_AGE / 1000, updateAge: UPDATE_AGE / 1000 } }
        : {}),
      // A claim big enough that the jwt cookie is written in chunks.
      ...(options.big ? { callbacks: { jwt: ({ token }) => ({ ...token, notes: "n".repeat(5000) }) } } : {}),
    };
    const auth = gatehouse({
      secret: SECRET,
      ...(options.url === false ? {} : { url: `${APP}/api/auth` }),
      trustHost: options.trustHost ?? false,
      providers: [people({ ada })],
      callbacks: exposeUserId,
      session: { maxAge: MAX_AGE / 1000, updateAge: UPDATE_AGE / 1000 },
      now: () => clock.now,
      logger,
      ...overrides,
    });
    return { auth, browser: new TestBrowser(auth.handler), adapter };
  }
  const web = world();
  const plain = world();

  async function signInBoth(): Promise<void> {
    seed += 1;
    for (const { browser } of [web, plain]) {
      random.reseed(seed);
      const response = await signIn(browser, "ada");
      assert.equal(response.status, 302);
    }
    assert.deepEqual([...plain.browser.jar], [...web.browser.jar], "the twins hold the same cookies");
  }

  async function same(headers: Record<string, string>, url = SESSION_URL): Promise<Observed> {
    seed += 1;
    random.reseed(seed);
    const expected = await viaHandler(web.auth, url, headers);
    random.reseed(seed);
    const actual = await viaAnswer(plain.auth, url, headers);
    assert.deepEqual(actual, expected);
    if (web.adapter && plain.adapter) assert.deepEqual(plain.adapter.tables(), web.adapter.tables());
    return expected;
  }

  return { clock, logger, web, plain, signInBoth, same, cookie: () => web.browser.cookieHeader() };
}

const withoutCsrf = (cookie: string) =>
  cookie
    .split("; ")
    .filter((pair) => !pair.startsWith("gatehouse.csrf-token="))
    .join("; ");

function sessionValue(cookie: string): string {
  const pair = cookie.split("; ").find((p) => p.startsWith(`${SESSION_COOKIE}=`)) ?? "";
  return decodeURIComponent(pair.slice(SESSION_COOKIE.length + 1));
}

describe("GET session answers alike through handler and answer: jwt sessions", () => {
  const world = twins();
  before(() => world.signInBoth());

  test("no cookie: {} and a fresh CSRF cookie", async () => {
    const seen = await world.same({});
    assert.equal(seen.body, "{}");
    assert.equal(seen.cookies.length, 1);
  });

  test("a valid session cookie, with and without the CSRF cookie", async () => {
    const withCsrf = await world.same({ cookie: world.cookie() });
    assert.match(withCsrf.body, /Ada Lovelace/);
    assert.deepEqual(withCsrf.cookies, []);
    const noCsrf = await world.same({ cookie: withoutCsrf(world.cookie()) });
    assert.equal(noCsrf.cookies.length, 1, "the CSRF cookie is minted");
  });

  test("a query string, a non-canonical URL, and X-Auth-Return-Redirect", async () => {
    const cookie = world.cookie();
    await world.same({ cookie }, `${SESSION_URL}?x=1&callbackUrl=%2F`);
    await world.same({ cookie }, "http://LOCALHOST:3000/api/../api/auth/session");
    await world.same({ cookie, "x-auth-return-redirect": "1" });
  });

  test("a tampered or empty session cookie: {} and the cookie cleared", async () => {
    const value = sessionValue(world.cookie());
    const tampered = `${value.slice(0, -4)}AAAA`;
    const seen = await world.same({ cookie: `${SESSION_COOKIE}=${tampered}` });
    assert.equal(seen.body, "{}");
    assert.ok(seen.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=;`)));
    await world.same({ cookie: `${SESSION_COOKIE}=` });
    await world.same({ cookie: "a=1; ; =b; %zz=%zz; gatehouse.csrf-token=garbage" });
  });

  test("a bearer token: the session, and no cookie at all", async () => {
    const token = sessionValue(world.cookie());
    const seen = await world.same({ authorization: `Bearer ${token}` });
    assert.match(seen.body, /Ada Lovelace/);
    assert.deepEqual(seen.cookies, []);
    await world.same({ authorization: "Bearer not-a-token" });
    await world.same({ authorization: `Bearer ${token}, Bearer ${token}` });
    await world.same({ authorization: `Bearer ${token}`, cookie: world.cookie() });
  });

  test("renewed once update age has passed: the same new cookie", async () => {
    world.clock.now += UPDATE_AGE + 1000;
    const seen = await world.same({ cookie: world.cookie() });
    assert.ok(seen.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`) && !/Max-Age=0/.test(line)));
  });

  test("expired: {} and the cookie cleared", async () => {
    world.clock.now += MAX_AGE + 1000;
    const seen = await world.same({ cookie: world.cookie() });
    assert.equal(seen.body, "{}");
    assert.ok(seen.cookies.some((line) => /Max-Age=0/.test(line)));
    assert.deepEqual(world.logger.lines, []);
  });
});

describe("GET session answers alike: a session in chunks", () => {
  const world = twins({ big: true });
  before(() => world.signInBoth());

  test("chunked cookie, read, renewed, one chunk lost", async () => {
    const cookie = world.cookie();
    assert.match(cookie, /gatehouse\.session-token\.1=/, "the session cookie is chunked");
    const seen = await world.same({ cookie });
    assert.match(seen.body, /Ada Lovelace/);
    world.clock.now += UPDATE_AGE + 1000;
    const renewed = await world.same({ cookie });
    assert.ok(renewed.cookies.length >= 2, "every chunk is written again");
    const lost = cookie
      .split("; ")
      .filter((pair) => !pair.startsWith(`${SESSION_COOKIE}.1=`))
      .join("; ");
    await world.same({ cookie: lost });
  });
});

describe("GET session answers alike: database sessions", () => {
  const world = twins({ database: true });
  before(() => world.signInBoth());

  test("valid, bearer, unknown token", async () => {
    const cookie = world.cookie();
    const seen = await world.same({ cookie });
    assert.match(seen.body, /Ada Lovelace/);
    await world.same({ authorization: `Bearer ${sessionValue(cookie)}` });
    await world.same({ cookie: `${SESSION_COOKIE}=${"x".repeat(43)}` });
  });

  test("renewed after update age: the row and the cookie extended alike", async () => {
    world.clock.now += UPDATE_AGE + 1000;
    const seen = await world.same({ cookie: world.cookie() });
    assert.ok(seen.cookies.some((line) => line.startsWith(`${SESSION_COOKIE}=`)));
    await world.same({ cookie: world.cookie() });
  });

  test("expired: the row deleted and the cookie cleared alike", async () => {
    world.clock.now += MAX_AGE + 1000;
    const seen = await world.same({ cookie: world.cookie() });
    assert.equal(seen.body, "{}");
    assert.deepEqual(world.web.adapter?.tables().sessions, []);
  });
});

describe("answers alike without a configured URL, behind a trusted proxy", () => {
  const world = twins({ url: false, trustHost: true });
  before(() => world.signInBoth());

  test("the origin, and so the cookie names, come from the forwarded headers alike", async () => {
    const cookie = world.cookie();
    const https = await world.same({
      cookie,
      "x-forwarded-host": "app.example.com",
      "x-forwarded-proto": "https",
    });
    assert.ok(https.cookies.every((line) => line.startsWith("__Host-") || line.startsWith("__Secure-")));
    await world.same({ cookie, "x-forwarded-host": "evil.example/x", "x-forwarded-proto": "https" });
    await world.same({ cookie }, "http://127.0.0.1:3000/api/auth/session");
  });
});

describe("the rest of the table answers alike too", () => {
  const world = twins();
  before(() => world.signInBoth());

  test("other GET endpoints, errors and methods", async () => {
    const cookie = world.cookie();
    for (const path of [
      "csrf",
      "providers",
      "signin",
      "signin?error=CredentialsSignin&callbackUrl=%2Fx",
      "signout",
      "error?error=AccessDenied",
      "verify-request",
      "callback/credentials",
      "callback/nobody",
      "nothing-here",
      "session/extra",
    ]) {
      await world.same({ cookie }, `${APP}/api/auth/${path}`);
      await world.same({}, `${APP}/api/auth/${path}`);
    }
    await world.same({ cookie }, `${APP}/elsewhere`);
    await world.same({ cookie }, "http://[::1]:3000/api/auth/session");
  });

  test("a method the path does not take: 405 with the same Allow", async () => {
    for (const method of ["PUT", "DELETE", "HEAD", "OPTIONS"]) {
      const response = await world.web.auth.handler(new Request(SESSION_URL, { method }));
      const answer = await world.plain.auth.answer({ ...plainRequest(SESSION_URL, {}), method });
      assert.equal(answer.status, response.status);
      assert.equal(answer.headers.allow, response.headers.get("allow"));
      assert.equal(answer.body ?? "", await response.text());
    }
  });

  test("answer refuses a POST: it has no body to read", async () => {
    await assert.rejects(
      world.plain.auth.answer({ ...plainRequest(SESSION_URL, {}), method: "POST" }),
      TypeError,
    );
  });
});
