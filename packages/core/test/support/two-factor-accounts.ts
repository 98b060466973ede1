import assert from "node:assert/strict";
import { totp } from "@gatehouse/two-factor";
import { Secret, TOTP } from "otpauth";
import type { Adapter } from "../../src/adapter/adapter.ts";
import { gatehouse, Password } from "../../src/index.ts";
import { browsers } from "./browsers.ts";
import { APP, recordingLogger, SECRET, type TestBrowser } from "./flows.ts";
import { PASSWORD, seedPasswordUser } from "./seed.ts";

export { PASSWORD };

/** What the suite calls on storage directly: seeding users. */
export type TwoFactorAdapter = Adapter &
  Required<
    Pick<
      Adapter,
      | "createUser"
      | "setPasswordHash"
      | "getUserByEmail"
      | "getTwoFactor"
      | "countBackupCodes"
      | "listSessionRecords"
    >
  >;

/**
 * A Gatehouse with the Password provider on `adapter` and a clock the test moves (`clock.now`, ms).
 * Mail goes nowhere: the users are seeded verified, with a password hash.
 */
export function twoFactorApp(
  adapter: TwoFactorAdapter,
  options: { rateLimit?: false; session?: { strategy: "jwt" | "database" } } = {},
) {
  const logger = recordingLogger();
  const clock = { now: Date.UTC(2026, 0, 5, 9, 0, 0) };
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    adapter,
    providers: [Password({ sendMail: async () => {} })],
    logger,
    now: () => clock.now,
    twoFactor: { totp: totp(), issuer: "Gatehouse Test" },
    ...options,
  });
  /** A browser on its own client address. */
  const browser = browsers(auth.handler, (n) => `100.64.0.${n}`);
  /** A verified user with `PASSWORD`; their id. */
  const seedUser = (email: string) => seedPasswordUser(adapter, email, { now: clock.now });
  return { auth, adapter, logger, clock, browser, seedUser };
}

/** The TOTP code an authenticator app holding `secret` shows at `now` (ms), `offsetSteps` steps later. */
export function totpCode(secret: string, now: number, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: now + offsetSteps * 30_000,
  });
}

/** Posts a JSON endpoint of the signed-in user, with the CSRF token. */
export async function postJson(browser: TestBrowser, action: string, body: Record<string, string> = {}) {
  const csrfToken = await browser.csrf();
  const response = await browser.request(`/api/auth/${action}`, { json: { csrfToken, ...body } });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Signs in with email and password (the first factor); the answer. */
export async function firstFactor(
  browser: TestBrowser,
  email: string,
  password = PASSWORD,
): Promise<Response> {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/callback/password", {
    form: { csrfToken, callbackUrl: `${APP}/home`, email, password },
  });
}

/** Posts the two-factor form (with the CSRF token of the page). */
export async function secondFactor(browser: TestBrowser, fields: { code?: string; backupCode?: string }) {
  const csrfToken = await browser.csrf();
  return browser.request("/api/auth/two-factor", { form: { csrfToken, ...fields } });
}

/** The `error` of a redirect's location (asserting there is one). */
export function locationOf(response: Response): URL {
  const location = response.headers.get("location");
  assert.ok(location, `a redirect (status ${response.status})`);
  return new URL(location);
}
