import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { approveDeviceCode } from "@gatehouse/dev-provider/testing";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, OIDC } from "../src/index.ts";
import {
  BASE,
  oidcSignIn,
  recordingLogger,
  SECRET,
  sessionOf,
  sha256hex,
  TestBrowser,
} from "./support/flows.ts";

describe("device flow (RFC 8628) with database sessions (dev provider)", () => {
  let op: DevProvider;
  before(async () => {
    op = await startDevProvider({
      clients: [
        {
          client_id: "app",
          client_secret: "app-secret",
          redirect_uris: [`${BASE}/callback/dev`],
          grant_types: ["authorization_code", "urn:ietf:params:oauth:grant-type:device_code"],
        },
      ],
      features: { deviceFlow: { enabled: true } },
    });
  });
  after(() => op.close());

  describe("on the memory adapter", () => {
    const adapter = createMemoryAdapter();
    let handler: (request: Request) => Promise<Response>;
    let now = Date.now();

    before(async () => {
      handler = gatehouse({
        secret: SECRET,
        url: BASE,
        adapter,
        now: () => now,
        providers: [
          OIDC({ id: "dev", name: "Dev", issuer: op.issuer, clientId: "app", clientSecret: "app-secret" }),
        ],
        logger: recordingLogger(),
      }).handler;
    });

    const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      handler(
        new Request(`${BASE}/${path}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams(form),
        }),
      );
    const bearerSession = async (token: string) => {
      const response = await handler(
        new Request(`${BASE}/session`, { headers: { authorization: `Bearer ${token}` } }),
      );
      assert.deepEqual(response.headers.getSetCookie(), []);
      return (await response.json()) as { user?: Record<string, unknown> };
    };

    /** A device sign-in of `username`, to its session token; `headers` go with the final poll. */
    async function deviceSignIn(username: string, headers: Record<string, string> = {}): Promise<string> {
      const started = (await (await post("device/dev", {})).json()) as {
        device_code: string;
        user_code: string;
      };
      const pending = await post("device-token/dev", { device_code: started.device_code });
      assert.equal(((await pending.json()) as { error: string }).error, "authorization_pending");
      await approveDeviceCode(op.issuer, started.user_code, username);
      now += 5000;
      const done = await post("device-token/dev", { device_code: started.device_code }, headers);
      assert.equal(done.status, 200);
      assert.deepEqual(done.headers.getSetCookie(), []);
      const body = (await done.json()) as { session_token: string; token_type: string; expires: string };
      assert.equal(body.token_type, "Bearer");
      return body.session_token;
    }

    test("a device sign-in stores a session row holding only the token's hash; GET session reads the bearer token", async () => {
      const before = adapter.tables().sessions.length;
      const token = await deviceSignIn("Katherine Johnson");
      assert.equal(adapter.tables().sessions.length, before + 1);
      const hashes = adapter.tables().sessions.map((row) => row.sessionToken);
      assert.ok(!hashes.includes(token), "the raw token is not stored");
      assert.ok(hashes.includes(await sha256hex(token)), "its SHA-256 is");
      const session = await bearerSession(token);
      assert.deepEqual(session.user, {
        name: "Katherine Johnson",
        email: "katherine-johnson@example.test",
        image: null,
      });
      assert.equal(adapter.tables().users.length, 1);
      assert.equal(adapter.tables().accounts.length, 1);
    });

    test("the same person in the browser and on the device is one user with one account", async () => {
      const browser = new TestBrowser(handler);
      await oidcSignIn(browser, op, "dev", "Dorothy Vaughan");
      const users = adapter.tables().users.length;
      const token = await deviceSignIn("Dorothy Vaughan");
      assert.equal(adapter.tables().users.length, users, "no second user");
      assert.equal((await bearerSession(token)).user?.name, "Dorothy Vaughan");
      assert.equal((await sessionOf(browser)).user?.name, "Dorothy Vaughan");
    });

    test("a device poll carrying someone's session (cookie or bearer) never links the provider account to them", async () => {
      const browser = new TestBrowser(handler);
      await oidcSignIn(browser, op, "dev", "Mallory Browser");
      const mallory = await adapter.getUserByAccount({
        provider: "dev",
        providerAccountId: "mallory browser",
      });
      assert.ok(mallory);
      const malloryToken = await deviceSignIn("Mallory Browser");
      await deviceSignIn("Grace Device", { cookie: browser.cookieHeader() });
      await deviceSignIn("Hedy Device", { authorization: `Bearer ${malloryToken}` });
      for (const victim of ["grace device", "hedy device"]) {
        const owner = await adapter.getUserByAccount({ provider: "dev", providerAccountId: victim });
        assert.ok(owner, `${victim}: a user of their own`);
        assert.notEqual(owner.id, mallory.id, `${victim}: not linked to the session the poll carried`);
      }
    });

    test("device-signout deletes the row: the token is signed out at once", async () => {
      const token = await deviceSignIn("Mary Jackson");
      const count = adapter.tables().sessions.length;
      const out = await post("device-signout", {}, { authorization: `Bearer ${token}` });
      assert.equal(out.status, 200);
      assert.deepEqual(out.headers.getSetCookie(), []);
      assert.equal(adapter.tables().sessions.length, count - 1);
      assert.deepEqual(await bearerSession(token), {});
    });

    test("an expired bearer session is nobody, and its row goes", async () => {
      const token = await deviceSignIn("Annie Easley");
      const hash = await sha256hex(token);
      now += 31 * 24 * 3600 * 1000;
      assert.deepEqual(await bearerSession(token), {});
      assert.equal(adapter.tables().sessions.filter((row) => row.sessionToken === hash).length, 0);
    });
  });
});
