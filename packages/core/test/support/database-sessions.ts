import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { type Adapter, type GatehouseOptions, gatehouse } from "../../src/index.ts";
import {
  APP,
  exposeUserId,
  people,
  recordingLogger,
  SECRET,
  SESSION_COOKIE,
  sessionTokenSet,
  setCookie,
  sha256hex,
  signIn,
  TestBrowser,
} from "./flows.ts";

export const DAY = 86_400_000;
export const MAX_AGE = 30 * DAY;
export const UPDATE_AGE = DAY;
const ada = { id: crypto.randomUUID(), name: "Ada Lovelace", email: "ada@example.test" };

/**
 * Credentials sign-in of Ada with database sessions on `adapter`, at a clock the test moves. Registers
 * a `beforeEach` that resets the clock and the log.
 */
export function databaseSessionsApp(adapter: () => Adapter) {
  const clock = { now: Date.now() };
  const logger = recordingLogger();
  beforeEach(() => {
    clock.now = Date.now();
    logger.lines.length = 0;
  });

  function browser(overrides: Partial<GatehouseOptions> = {}): TestBrowser {
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter: adapter(),
      providers: [people({ ada })],
      callbacks: exposeUserId,
      session: { maxAge: MAX_AGE / 1000, updateAge: UPDATE_AGE / 1000 },
      now: () => clock.now,
      logger,
      ...overrides,
    });
    return new TestBrowser(auth.handler);
  }

  async function signedIn(): Promise<{ app: TestBrowser; token: string; hash: string }> {
    const app = browser();
    const response = await signIn(app, "ada");
    assert.equal(response.status, 302);
    assert.equal(response.headers.get("location"), `${APP}/dashboard`);
    const token = sessionTokenSet(response);
    assert.ok(token, "a session cookie is set");
    return { app, token, hash: await sha256hex(token) };
  }

  return { ada, clock, logger, browser, signedIn };
}

/**
 * Cookies that name no session, whatever they look like, reach storage only as a hash: run on the
 * memory adapter in core and on each SQL database (where a quote or a long value must not become a
 * driver error) in @gatehouse/sql.
 */
export function garbageCookieCase(app: ReturnType<typeof databaseSessionsApp>): void {
  const { browser, signedIn, logger } = app;
  test("garbage and forged cookies answer {} and clear the cookie, without a storage error", async () => {
    const forged = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
    const { hash } = await signedIn();
    for (const value of ["garbage", forged, hash, "' OR 1=1 --", "x".repeat(3000), `${forged}=`]) {
      const app = browser();
      app.jar.set(SESSION_COOKIE, value);
      const response = await app.request("/api/auth/session");
      assert.equal(response.status, 200, value);
      assert.deepEqual(await response.json(), {}, value);
      assert.match(setCookie(response, SESSION_COOKIE) ?? "", /Max-Age=0/i, value);
    }
    assert.deepEqual(logger.lines, [], "nothing reached the database as an error");
  });
}
