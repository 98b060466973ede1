import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { approveDeviceCode, denyDeviceCode } from "@gatehouse/dev-provider/testing";
import { startFakeDeviceProvider } from "../src/device/test/fake-device-provider.ts";
import { Credentials, type GatehouseOptions, gatehouse, OAuth2, OIDC } from "../src/index.ts";
import { SECRET } from "./browser.ts";

const APP = "http://localhost:3000";
const BASE = `${APP}/api/auth`;
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const quiet = { error() {}, warn() {} };

interface Started {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete?: string;
  expires_in: number;
  interval: number;
}

/** A Gatehouse with a clock the test moves and a count of the requests it sends to providers. */
function app(options: Omit<GatehouseOptions, "secret" | "url">) {
  let now = Date.now();
  const providerCalls: string[] = [];
  const auth = gatehouse({
    secret: SECRET,
    url: BASE,
    logger: quiet,
    now: () => now,
    fetch: (input, init) => {
      providerCalls.push(new URL(input instanceof Request ? input.url : input).pathname);
      return fetch(input, init);
    },
    ...options,
  });
  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    auth.handler(
      new Request(`${BASE}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams(form),
      }),
    );
  return {
    auth,
    providerCalls,
    advance(seconds: number) {
      now += seconds * 1000;
    },
    post,
    async start(provider = "dev"): Promise<Started> {
      const response = await post(`device/${provider}`, {});
      assert.equal(response.status, 200, await response.clone().text());
      assert.deepEqual(response.headers.getSetCookie(), [], "the device endpoints set no cookies");
      return (await response.json()) as Started;
    },
    async poll(deviceCode: string, provider = "dev") {
      const response = await post(`device-token/${provider}`, { device_code: deviceCode });
      assert.deepEqual(response.headers.getSetCookie(), [], "the device endpoints set no cookies");
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async session(token: string, headers: Record<string, string> = {}) {
      const response = await auth.handler(
        new Request(`${BASE}/session`, { headers: { authorization: `Bearer ${token}`, ...headers } }),
      );
      assert.deepEqual(response.headers.getSetCookie(), [], "a bearer request gets no cookie");
      return (await response.json()) as Record<string, unknown>;
    },
  };
}

describe("device authorization grant (RFC 8628) through the handler, JWT sessions", () => {
  let op: DevProvider;
  let plainOp: DevProvider;
  let options: Omit<GatehouseOptions, "secret" | "url">;

  before(async () => {
    const client = (id: string, grantTypes = ["authorization_code", DEVICE_GRANT]) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [`${BASE}/callback/${id}`],
      grant_types: grantTypes,
    });
    op = await startDevProvider({
      clients: [client("dev"), client("dev2")],
      features: { deviceFlow: { enabled: true } },
    });
    // The device flow off: its discovery names no device_authorization_endpoint.
    plainOp = await startDevProvider({ clients: [client("plain", ["authorization_code"])] });
    const oidc = (id: string, issuer: string) =>
      OIDC({ id, name: id, issuer, clientId: id, clientSecret: `${id}-secret` });
    options = {
      providers: [
        oidc("dev", op.issuer),
        oidc("dev2", op.issuer),
        oidc("plain", plainOp.issuer),
        Credentials({ credentials: {}, authorize: () => null }),
      ],
    };
  });
  after(async () => {
    await op.close();
    await plainOp.close();
  });

  test("start, pending, the person approves, a bearer session token; GET session and getSession read it", async () => {
    const device = app(options);
    const started = await device.start();
    assert.match(started.user_code, /^[A-Z]{4}-[A-Z]{4}$/);
    assert.equal(started.verification_uri, `${op.issuer}/device`);
    assert.equal(started.verification_uri_complete, `${op.issuer}/device?user_code=${started.user_code}`);
    assert.equal(started.expires_in, 600);
    assert.equal(started.interval, 5, "oidc-provider names no interval: the RFC's 5 s");
    assert.equal(started.device_code.split(".").length, 5, "a sealed JWE handle, not the provider's code");

    assert.deepEqual((await device.poll(started.device_code)).body.error, "authorization_pending");
    await approveDeviceCode(op.issuer, started.user_code, "Grace Hopper");
    device.advance(5);
    const done = await device.poll(started.device_code);
    assert.equal(done.status, 200);
    assert.equal(done.body.token_type, "Bearer");
    const token = done.body.session_token as string;
    assert.equal(typeof token, "string");
    assert.equal(token.split(".").length, 5, "a JWE session token, like the cookie");
    assert.ok(Date.parse(done.body.expires as string) > Date.now());

    const session = await device.session(token);
    assert.deepEqual(session.user, { name: "Grace Hopper", email: "grace-hopper@example.test", image: null });
    const viaHelper = await device.auth.getSession(
      new Request(`${APP}/dashboard`, { headers: { authorization: `Bearer ${token}` } }),
    );
    assert.equal(viaHelper?.user?.name, "Grace Hopper");

    // The provider's device code is spent: a replayed handle gets nothing more.
    device.advance(5);
    assert.equal((await device.poll(started.device_code)).body.error, "invalid_grant");
  });

  // Regression: the device poll built the profile with a plain userinfo GET, ignoring the provider's
  // `userinfo.request` (GitHub's email call), so a device sign-in saw another profile than a browser's.
  test("the provider's userinfo.request shapes the device's profile, as in a browser sign-in", async () => {
    const requested: string[] = [];
    const device = app({
      providers: [
        OIDC({
          id: "dev",
          name: "dev",
          issuer: op.issuer,
          clientId: "dev",
          clientSecret: "dev-secret",
          userinfo: {
            request: async ({ fetchJson }) => {
              const userinfo = (await fetchJson(`${op.issuer}/me`)) as Record<string, unknown>;
              requested.push(String(userinfo.sub));
              return { ...userinfo, name: "From userinfo.request" };
            },
          },
        }),
      ],
    });
    const started = await device.start();
    await approveDeviceCode(op.issuer, started.user_code, "Ada Lovelace");
    const done = await device.poll(started.device_code);
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.equal(requested.length, 1, "the hook ran once, with an authenticated fetch");
    const session = await device.session(done.body.session_token as string);
    assert.equal((session.user as { name?: string }).name, "From userinfo.request");
  });

  test("a device polling faster than its interval gets slow_down without the provider being asked", async () => {
    const device = app(options);
    const started = await device.start();
    assert.equal((await device.poll(started.device_code)).body.error, "authorization_pending");
    const calls = device.providerCalls.length;
    device.advance(2);
    const early = await device.poll(started.device_code);
    assert.equal(early.status, 400);
    assert.deepEqual(early.body.error, "slow_down");
    assert.equal(early.body.interval, 10, "RFC 8628 §3.5: 5 s more");
    assert.equal(device.providerCalls.length, calls, "the provider was not called");
    device.advance(5);
    assert.equal((await device.poll(started.device_code)).body.error, "slow_down", "the new interval holds");
    assert.equal(device.providerCalls.length, calls);
    device.advance(15);
    assert.equal((await device.poll(started.device_code)).body.error, "authorization_pending");
    assert.equal(device.providerCalls.length, calls + 1);
  });

  test("two concurrent polls with one handle: only one reaches the provider", async () => {
    const device = app(options);
    const started = await device.start();
    const calls = device.providerCalls.length;
    const answers = await Promise.all([device.poll(started.device_code), device.poll(started.device_code)]);
    assert.deepEqual(answers.map((a) => a.body.error).sort(), ["authorization_pending", "slow_down"]);
    assert.equal(device.providerCalls.filter((p) => p === "/token").length, 1);
    assert.ok(device.providerCalls.length > calls);
  });

  test("the person aborts at the provider: access_denied", async () => {
    const device = app(options);
    const started = await device.start();
    await denyDeviceCode(op.issuer, started.user_code);
    const denied = await device.poll(started.device_code);
    assert.equal(denied.status, 400);
    assert.equal(denied.body.error, "access_denied");
  });

  test("the signIn callback refuses: access_denied, no session token", async () => {
    const device = app({ ...options, callbacks: { signIn: () => false } });
    const started = await device.start();
    await approveDeviceCode(op.issuer, started.user_code, "mallory");
    const refused = await device.poll(started.device_code);
    assert.equal(refused.body.error, "access_denied");
    assert.equal(refused.body.session_token, undefined);
  });

  test("an expired handle: expired_token without asking the provider; long expired: invalid_grant", async () => {
    const device = app(options);
    const started = await device.start();
    const calls = device.providerCalls.length;
    device.advance(started.expires_in + 1);
    assert.equal((await device.poll(started.device_code)).body.error, "expired_token");
    device.advance(3600);
    assert.equal((await device.poll(started.device_code)).body.error, "invalid_grant");
    assert.equal(device.providerCalls.length, calls);
  });

  test("tampered, foreign-provider, other-secret and missing handles are refused with a clear code", async () => {
    const device = app(options);
    const started = await device.start();
    const parts = started.device_code.split(".");
    const body = parts[3] ?? "";
    parts[3] = (body[0] === "A" ? "B" : "A") + body.slice(1);
    assert.equal((await device.poll(parts.join("."))).body.error, "invalid_grant");
    assert.equal((await device.poll("not-a-handle")).body.error, "invalid_grant");
    // Sealed for "dev", presented at "dev2" (same provider server, another client).
    const foreign = await device.poll(started.device_code, "dev2");
    assert.equal(foreign.status, 400);
    assert.equal(foreign.body.error, "invalid_grant");
    // Another Gatehouse secret cannot open it.
    const otherSecret = gatehouse({ secret: "another-secret-another-secret-00000", url: BASE, ...options });
    const response = await otherSecret.handler(
      new Request(`${BASE}/device-token/dev`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ device_code: started.device_code }),
      }),
    );
    assert.equal(((await response.json()) as { error: string }).error, "invalid_grant");
    const missing = await device.post("device-token/dev", {});
    assert.equal(missing.status, 400);
    assert.equal(((await missing.json()) as { error: string }).error, "invalid_request");
  });

  test("providers that cannot do the device flow: a clear error code", async () => {
    const device = app(options);
    const plain = await device.post("device/plain", {});
    assert.equal(plain.status, 400);
    assert.equal(((await plain.json()) as { error: string }).error, "DeviceFlowUnsupported");
    const credentials = await device.post("device/credentials", {});
    assert.equal(((await credentials.json()) as { error: string }).error, "DeviceFlowUnsupported");
    const unknown = await device.post("device/nope", {});
    assert.equal(unknown.status, 404);
    assert.equal(((await unknown.json()) as { error: string }).error, "UnknownProvider");
    const get = await device.auth.handler(new Request(`${BASE}/device/dev`));
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
    const noProvider = await device.post("device-token", {});
    assert.equal(noProvider.status, 404);
  });

  test("a session cookie wins over a bearer header; a bad bearer token is signed out, with no cookie set", async () => {
    const device = app(options);
    const started = await device.start();
    await approveDeviceCode(op.issuer, started.user_code, "Ada");
    device.advance(5);
    const token = (await device.poll(started.device_code)).body.session_token as string;
    const withCookie = await device.auth.handler(
      new Request(`${BASE}/session`, {
        headers: { authorization: `Bearer ${token}`, cookie: "gatehouse.session-token=garbage" },
      }),
    );
    assert.deepEqual(await withCookie.json(), {});
    assert.deepEqual(await device.session("garbage"), {});
    assert.deepEqual(await device.session(`${token}x`), {});
    // Sign-out of a stateless token answers {} (it stays valid until it expires: documented).
    const out = await device.post("device-signout", {}, { authorization: `Bearer ${token}` });
    assert.equal(out.status, 200);
    assert.deepEqual(out.headers.getSetCookie(), []);
  });
});

describe("device flow against a provider that paces its clients itself", () => {
  test("the provider's interval is passed on, and its slow_down honoured (+5 s, or its own interval)", async () => {
    const fake = await startFakeDeviceProvider({ interval: 2 });
    try {
      const device = app({
        providers: [OAuth2({ id: "fake", name: "Fake", issuer: fake.issuer, clientId: "tv" })],
      });
      const started = await device.start("fake");
      assert.equal(started.interval, 2);
      fake.tokenAnswers.push({ error: "slow_down" });
      const first = await device.poll(started.device_code, "fake");
      assert.deepEqual(first.body, {
        error: "slow_down",
        error_description: first.body.error_description,
        interval: 7,
      });
      // At the old interval the device is now too fast: refused here, not at the provider.
      const polls = () => fake.requests.filter((p) => p === "/token").length;
      device.advance(2);
      assert.equal((await device.poll(started.device_code, "fake")).body.error, "slow_down");
      assert.equal(polls(), 1);
      device.advance(12);
      fake.tokenAnswers.push({ error: "slow_down", interval: 30 });
      assert.equal((await device.poll(started.device_code, "fake")).body.interval, 30);
      device.advance(30);
      fake.tokenAnswers.push({ error: "expired_token" });
      assert.equal((await device.poll(started.device_code, "fake")).body.error, "expired_token");
      assert.equal(polls(), 3);
      assert.ok(
        !JSON.stringify(started).includes("provider-device-code"),
        "the provider's device code never reaches the device",
      );
    } finally {
      await fake.close();
    }
  });

  test("a provider that is down when the device starts: OAuthSignin as JSON, not a redirect", async () => {
    const fake = await startFakeDeviceProvider();
    const issuer = fake.issuer;
    await fake.close();
    const device = app({ providers: [OAuth2({ id: "fake", name: "Fake", issuer, clientId: "tv" })] });
    const response = await device.post("device/fake", {});
    assert.equal(response.status, 502);
    assert.equal(((await response.json()) as { error: string }).error, "OAuthSignin");
  });
});
