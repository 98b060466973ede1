import assert from "node:assert/strict";
import { test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { type Adapter, gatehouse, OIDC } from "../../src/index.ts";
import {
  APP,
  exposeUserId,
  loginAtProvider,
  recordingLogger,
  SECRET,
  sessionOf,
  TestBrowser,
} from "./flows.ts";

export const INITIAL_ACCESS_TOKEN = "initial-access-token-for-tests";

/** A fetch that counts the registration requests it passes on, and can fail the next `failNext` of them. */
export function countingFetch() {
  const state = { registrations: 0, failNext: 0 };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname === "/reg" && (init?.method ?? "GET") === "POST") {
      if (state.failNext > 0) {
        state.failNext--;
        throw new TypeError("fetch failed (simulated: registration endpoint unreachable)");
      }
      state.registrations++;
    }
    return globalThis.fetch(input, init);
  };
  return { state, fetch };
}

/** Starts a sign-in at `providerId`; returns the provider's authorization URL (or the failed answer). */
export async function start(browser: TestBrowser, providerId: string): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${APP}/dashboard` },
  });
}

export function clientIdOf(started: Response): string {
  const location = started.headers.get("location");
  assert.ok(location, `expected a redirect, got HTTP ${started.status}`);
  const clientId = new URL(location).searchParams.get("client_id");
  assert.ok(clientId, `no client_id in ${location}`);
  return clientId;
}

/** A dev provider that accepts dynamic registrations carrying the initial access token. */
export function startRegistrationProvider(): Promise<DevProvider> {
  return startDevProvider({
    clients: [],
    features: { registration: { enabled: true, initialAccessToken: INITIAL_ACCESS_TOKEN } },
  });
}

/** An OIDC provider configured without a client: it registers one at `op`. */
export function registering(
  op: DevProvider,
  id = "dyn",
  initialAccessToken: string | null = INITIAL_ACCESS_TOKEN,
) {
  return OIDC({
    id,
    name: "Registered",
    issuer: op.issuer,
    registration: initialAccessToken === null ? {} : { initialAccessToken },
  });
}

/** A stored registration as a test reads it straight from storage (SQL columns or memory rows). */
export interface RegistrationRow {
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  registrationAccessToken: string | null;
  metadata: Record<string, unknown>;
}

export interface RegistrationStorage {
  op(): DevProvider;
  adapter(): Adapter;
  /** Another app instance's adapter on the same storage. */
  second(): Adapter;
  registrations(provider: string): Promise<RegistrationRow[]>;
}

/**
 * The registration cases that depend on what storage keeps: run on the memory adapter in core and on
 * each SQL database in @gatehouse/sql. In this order: the second case reuses the first one's row.
 */
export function registrationStorageCases(storage: RegistrationStorage): void {
  const { op, adapter, second, registrations } = storage;

  test("the first sign-in registers once (concurrent starts wait for it), stores the client sealed, and signs in with it", async () => {
    const counting = countingFetch();
    const logger = recordingLogger();
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter: adapter(),
      providers: [registering(op())],
      callbacks: exposeUserId,
      fetch: counting.fetch,
      logger,
    });
    const browsers = [0, 1, 2].map(() => new TestBrowser(auth.handler));
    const started = await Promise.all(browsers.map((browser) => start(browser, "dyn")));
    const ids = new Set(started.map(clientIdOf));
    assert.equal(ids.size, 1, "every sign-in uses the one registered client");
    assert.equal(counting.state.registrations, 1, "one registration in flight per provider");

    const [row, ...others] = await registrations("dyn");
    assert.ok(row);
    assert.equal(others.length, 0);
    assert.equal(row.issuer, op().issuer);
    assert.equal(row.clientId, [...ids][0]);
    assert.match(row.clientSecret ?? "", /^gh\.enc\./, "the client secret is sealed at rest");
    assert.match(row.registrationAccessToken ?? "", /^gh\.enc\./);
    const metadata = row.metadata;
    assert.equal(metadata.client_id, row.clientId);
    assert.deepEqual(metadata.redirect_uris, [`${APP}/api/auth/callback/dyn`]);
    assert.equal(metadata.client_secret, undefined, "no plaintext secret in the metadata");
    assert.equal(metadata.registration_access_token, undefined);

    // The registered client (id and opened secret) completes a real code exchange.
    const back = await loginAtProvider(op(), started[0]!.headers.get("location")!, "Dyn Amic");
    const done = await browsers[0]!.request(back.pathname + back.search);
    assert.equal(done.headers.get("location"), `${APP}/dashboard`, logger.lines.join("\n"));
    assert.equal((await sessionOf(browsers[0]!)).user?.email, "dyn-amic@example.test");
  });

  test("a second instance on the same database reuses the stored registration: the provider sees no new one", async () => {
    const counting = countingFetch();
    const auth = gatehouse({
      secret: SECRET,
      url: `${APP}/api/auth`,
      adapter: second(),
      providers: [registering(op())],
      fetch: counting.fetch,
      logger: recordingLogger(),
    });
    const browser = new TestBrowser(auth.handler);
    const started = await start(browser, "dyn");
    const [row] = await registrations("dyn");
    assert.equal(clientIdOf(started), row?.clientId);
    assert.equal(counting.state.registrations, 0);
    const back = await loginAtProvider(op(), started.headers.get("location")!, "Second Instance");
    const done = await browser.request(back.pathname + back.search);
    assert.equal(done.headers.get("location"), `${APP}/dashboard`);
  });

  test("two fresh instances registering at once settle on one stored client (insert-if-absent)", async () => {
    const instances = [adapter(), second()].map((each) =>
      gatehouse({
        secret: SECRET,
        url: `${APP}/api/auth`,
        adapter: each,
        providers: [registering(op(), "race")],
        logger: recordingLogger(),
      }),
    );
    const started = await Promise.all(instances.map((auth) => start(new TestBrowser(auth.handler), "race")));
    const rows = await registrations("race");
    assert.equal(rows.length, 1);
    assert.deepEqual(started.map(clientIdOf), [rows[0]!.clientId, rows[0]!.clientId]);
  });
}
