/**
 * Two-factor's codes come from `@gatehouse/two-factor` (`twoFactor.totp`): core carries no OTP or QR
 * library. Without them there is no two-factor — and a user who has it on is refused, never let in
 * on the first factor alone (attack: an app that dropped the option turning everyone's second
 * factor off).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { totp } from "@gatehouse/two-factor";
import { ConfigError, createMemoryAdapter, type GatehouseOptions, gatehouse } from "../src/index.ts";
import { APP, people, SECRET, signIn, TestBrowser } from "./support/flows.ts";

const ada = { id: "u-ada", name: "Ada", email: "ada@example.com" };

function app(options: Partial<GatehouseOptions>) {
  const errors: string[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: `${APP}/api/auth`,
    providers: [people({ ada })],
    logger: { error: (code: string) => errors.push(code), warn() {}, debug() {} },
    ...options,
  });
  return { auth, errors, browser: new TestBrowser((request) => auth.handler(request)) };
}

test("a user with two-factor on is refused, not let in, when the app has no twoFactor.totp", async () => {
  const adapter = createMemoryAdapter();
  await adapter.createUser({ ...ada, emailVerified: null });
  await adapter.startTwoFactor("u-ada", "sealed secret of an earlier configuration");
  await adapter.enableTwoFactor("u-ada", new Date());
  const { browser, errors } = app({ adapter });
  const response = await signIn(browser, "ada");
  assert.equal(response.status, 302);
  assert.equal(response.headers.get("location"), `${APP}/api/auth/error?error=Configuration`);
  assert.equal(browser.jar.has("gatehouse.session-token"), false, "no session from the first factor alone");
  assert.ok(errors.includes("TwoFactorUnconfigured"), errors.join(", "));
  // With the codes configured again, the same user is asked for the second step instead.
  const { browser: again } = app({ adapter, twoFactor: { totp: totp() } });
  const step = await signIn(again, "ada");
  assert.equal(step.headers.get("location"), `${APP}/api/auth/two-factor`);
  assert.equal(again.jar.has("gatehouse.session-token"), false);
});

test("without twoFactor.totp the two-factor endpoints do not exist; a user without it signs in as before", async () => {
  const { browser } = app({ adapter: createMemoryAdapter() });
  for (const path of ["/api/auth/two-factor-status", "/api/auth/two-factor-setup"]) {
    assert.equal((await browser.request(path)).status, 404, path);
  }
  const signedIn = await signIn(browser, "ada");
  assert.equal(signedIn.headers.get("location"), `${APP}/dashboard`);
  assert.ok(browser.jar.has("gatehouse.session-token"));
});

test("twoFactor.totp that is not the codes, or required without them, is a ConfigError that says what to install", () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ totp: true }, /twoFactor\.totp must be the TOTP codes/],
    [{ totp: { verify() {} } }, /twoFactor\.totp must be the TOTP codes/],
    [{ required: true }, /twoFactor\.required needs the TOTP codes/],
  ];
  for (const [twoFactor, message] of cases) {
    assert.throws(
      () => app({ adapter: createMemoryAdapter(), twoFactor } as Partial<GatehouseOptions>),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, message);
        assert.match(error.message, /npm install @gatehouse\/two-factor/);
        return true;
      },
    );
  }
});
