import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { errorCatalogue } from "@gatehouse/core";
import { Secret, TOTP } from "otpauth";
import { createAuthClient } from "../client/create-auth-client.ts";
import { BASE, coreEndpoint, ORIGIN, PASSWORD } from "../test/core-endpoint.ts";
import { createTwoFactorClient, SERVER_CODES } from "./create-two-factor-client.ts";

const CALLBACK = `${ORIGIN}/after`;

/** The code an authenticator app holding `secret` shows at `now` (ms). */
function totp(secret: string, now: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
}

async function setUp() {
  const endpoint = coreEndpoint();
  const { clock } = endpoint;
  function browser() {
    const jar = endpoint.browser();
    const navigated: string[] = [];
    const options = {
      baseUrl: ORIGIN,
      fetch: jar.fetch,
      navigate: (url: string) => void navigated.push(url),
    };
    return { jar, navigated, auth: createAuthClient(options), twoFactor: createTwoFactorClient(options) };
  }
  type Browser = ReturnType<typeof browser>;
  const signIn = (b: Browser, email: string) =>
    b.auth.signIn("password", { email, password: PASSWORD, callbackUrl: CALLBACK, redirect: false });
  /** The next TOTP code of `secret`: the clock moves one step on, as a code's step is used once. */
  const nextCode = (secret: string) => {
    clock.now += 30_000;
    return totp(secret, clock.now);
  };
  /** A signed-in user with two-factor on; their secret and backup codes. */
  async function enrolled(email: string) {
    await endpoint.seedUser(email);
    const b = browser();
    assert.equal((await signIn(b, email)).ok, true);
    const enrolment = await b.twoFactor.enrollTwoFactor();
    assert.ok(enrolment.ok, JSON.stringify(enrolment));
    const confirmed = await b.twoFactor.confirmTwoFactor(nextCode(enrolment.secret));
    assert.ok(confirmed.ok, JSON.stringify(confirmed));
    return { b, secret: enrolment.secret, backupCodes: confirmed.backupCodes };
  }
  return { endpoint, browser, signIn, nextCode, enrolled };
}

describe("enrolment, against core", () => {
  it("enrol: the key, its URI and an SVG QR code; confirm: on, with ten backup codes", async () => {
    const { endpoint, browser, signIn, nextCode } = await setUp();
    await endpoint.seedUser("ada@example.test");
    const b = browser();
    await signIn(b, "ada@example.test");
    const enrolment = await b.twoFactor.enrollTwoFactor();
    assert.ok(enrolment.ok);
    assert.match(enrolment.secret, /^[A-Z2-7]+$/);
    assert.match(enrolment.uri, /^otpauth:\/\/totp\/.*secret=/);
    assert.match(enrolment.qrSvg, /^<svg /);

    const wrong = await b.twoFactor.confirmTwoFactor("000000");
    assert.deepEqual(wrong, {
      ok: false,
      status: 400,
      error: "TwoFactorCodeInvalid",
      message: errorCatalogue.TwoFactorCodeInvalid.message,
    });
    const confirmed = await b.twoFactor.confirmTwoFactor(nextCode(enrolment.secret));
    assert.ok(confirmed.ok);
    assert.equal(confirmed.backupCodes.length, 10);
    assert.equal(new Set(confirmed.backupCodes).size, 10);

    const again = await b.twoFactor.enrollTwoFactor();
    assert.deepEqual(again.ok || [again.status, again.error], [409, "TwoFactorAlreadyOn"]);
  });

  it("signed out: SessionRequired", async () => {
    const { browser } = await setUp();
    const result = await browser().twoFactor.enrollTwoFactor();
    assert.deepEqual(result.ok || [result.status, result.error], [401, "SessionRequired"]);
  });
});

describe("sign-in's second step, against core", () => {
  it("signIn says TwoFactorRequired with the two-factor page; submitTwoFactor with the app's code signs in", async () => {
    const { browser, signIn, nextCode, enrolled } = await setUp();
    const { secret } = await enrolled("grace@example.test");
    const b = browser();

    const first = await signIn(b, "grace@example.test");
    assert.deepEqual(first, {
      ok: false,
      status: 200,
      error: "TwoFactorRequired",
      url: `${BASE}/two-factor`,
    });
    assert.equal(await b.auth.getSession(), null);

    const wrong = await b.twoFactor.submitTwoFactor({ code: "000000" });
    assert.deepEqual(wrong.ok || [wrong.status, wrong.error], [400, "TwoFactorCodeInvalid"]);
    assert.deepEqual(b.navigated, []);

    const second = await b.twoFactor.submitTwoFactor({ code: nextCode(secret) });
    assert.deepEqual(second, { ok: true, status: 200, url: CALLBACK });
    assert.deepEqual(b.navigated, [CALLBACK]);
    assert.equal((await b.auth.getSession())?.user?.email, "grace@example.test");
  });

  it("a backup code works once; redirect: false does not navigate", async () => {
    const { browser, signIn, enrolled } = await setUp();
    const { backupCodes } = await enrolled("lin@example.test");
    const backupCode = backupCodes[0] ?? "";

    const b = browser();
    await signIn(b, "lin@example.test");
    const result = await b.twoFactor.submitTwoFactor({ backupCode }, { redirect: false });
    assert.deepEqual(result, { ok: true, status: 200, url: CALLBACK });
    assert.deepEqual(b.navigated, []);

    const other = browser();
    await signIn(other, "lin@example.test");
    const reused = await other.twoFactor.submitTwoFactor({ backupCode });
    assert.equal(reused.ok || reused.error, "BackupCodeUsed");
  });

  it("signIn with redirect navigates to the two-factor page, as next-auth would to any URL", async () => {
    const { browser, enrolled } = await setUp();
    await enrolled("kim@example.test");
    const b = browser();
    const result = await b.auth.signIn("password", { email: "kim@example.test", password: PASSWORD });
    assert.equal(result.error, "TwoFactorRequired");
    assert.deepEqual(b.navigated, [`${BASE}/two-factor`]);
  });

  it("without a first step (or after it expired): TwoFactorExpired", async () => {
    const { browser } = await setUp();
    const result = await browser().twoFactor.submitTwoFactor({ code: "123456" });
    assert.deepEqual(result.ok || [result.status, result.error], [401, "TwoFactorExpired"]);
  });
});

describe("managing two-factor, against core", () => {
  it("new backup codes replace the old; a wrong code changes nothing", async () => {
    const { nextCode, enrolled } = await setUp();
    const { b, secret, backupCodes } = await enrolled("mo@example.test");
    const wrong = await b.twoFactor.regenerateBackupCodes({ code: "000000" });
    assert.equal(wrong.ok || wrong.error, "TwoFactorCodeInvalid");
    const renewed = await b.twoFactor.regenerateBackupCodes({ code: nextCode(secret) });
    assert.ok(renewed.ok);
    assert.equal(renewed.backupCodes.length, 10);
    assert.ok(renewed.backupCodes.every((code) => !backupCodes.includes(code)));
  });

  it("disable with a code: off, and the next sign-in needs no second step", async () => {
    const { browser, signIn, nextCode, enrolled } = await setUp();
    const { b, secret } = await enrolled("noor@example.test");
    const wrong = await b.twoFactor.disableTwoFactor({ code: "000000" });
    assert.equal(wrong.ok || wrong.error, "TwoFactorCodeInvalid");
    assert.deepEqual(await b.twoFactor.disableTwoFactor({ code: nextCode(secret) }), {
      ok: true,
      status: 200,
    });
    const again = await b.twoFactor.disableTwoFactor({ code: nextCode(secret) });
    assert.deepEqual(again.ok || [again.status, again.error], [409, "TwoFactorNotOn"]);
    assert.deepEqual(await signIn(browser(), "noor@example.test"), {
      ok: true,
      status: 200,
      error: null,
      url: CALLBACK,
    });
  });

  it("disable with the password, for someone who lost the app and the codes", async () => {
    const { enrolled } = await setUp();
    const { b } = await enrolled("ola@example.test");
    const wrong = await b.twoFactor.disableTwoFactor({ password: "not the password" });
    assert.equal(wrong.ok || wrong.error, "CurrentPasswordIncorrect");
    assert.deepEqual(await b.twoFactor.disableTwoFactor({ password: PASSWORD }), { ok: true, status: 200 });
  });
});

describe("getTwoFactorStatus", () => {
  const client = (body: unknown, status = 200) =>
    createTwoFactorClient({ baseUrl: ORIGIN, fetch: async () => Response.json(body, { status }) });

  it("reads `GET two-factor-status`: enabled and the backup codes left", async () => {
    assert.deepEqual(await client({ enabled: true, backupCodesLeft: 9 }).getTwoFactorStatus(), {
      ok: true,
      status: 200,
      enabled: true,
      backupCodesLeft: 9,
    });
    assert.deepEqual(await client({ enabled: false }).getTwoFactorStatus(), {
      ok: true,
      status: 200,
      enabled: false,
      backupCodesLeft: null,
    });
  });

  it("a server without the endpoint is UnknownAction; a malformed answer Default", async () => {
    const missing = client({ error: "UnknownAction", message: "This auth endpoint does not exist." }, 404);
    const result = await missing.getTwoFactorStatus();
    assert.equal(result.ok || result.error, "UnknownAction");
    const malformed = await client({ enabled: "yes" }).getTwoFactorStatus();
    assert.equal(malformed.ok || malformed.error, "Default");
  });
});

it("every server code of TwoFactorErrorCode is in core's error catalogue", () => {
  for (const code of Object.keys(SERVER_CODES)) {
    assert.ok(Object.hasOwn(errorCatalogue, code), `${code} is not in the catalogue`);
  }
});
