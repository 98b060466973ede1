import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Browser } from "@gatehouse/dev-provider/testing";
import { generateKeyPair } from "jose";
import { createMemoryAdapter } from "../src/adapter/memory-adapter.ts";
import { gatehouse, OIDC } from "../src/index.ts";
import { recordingLogger, SECRET, type TestBrowser } from "./support/flows.ts";
import {
  type App,
  backchannelStorageCases,
  confirmProviderLogout,
  type LogoutProviders,
  type LogoutWorld,
  logoutClient,
  logoutHandler,
  signIn,
  startApp,
  startLogoutProviders,
} from "./support/logout.ts";

describe("RP-initiated and back-channel logout against a real oidc-provider", () => {
  let app: App;
  let providers: LogoutProviders;
  before(async () => {
    app = await startApp();
    providers = await startLogoutProviders(app.origin);
  });
  after(async () => {
    app.server.closeAllConnections();
    app.server.close();
    await providers.close();
  });

  test("startup refuses backchannelLogout under the jwt strategy, and endSession without an adapter", () => {
    const provider = (extra: object) =>
      OIDC({ id: "dev", name: "Dev", issuer: "https://id.example.test", clientId: "rp", ...extra });
    assert.throws(
      () =>
        gatehouse({
          secret: SECRET,
          url: "https://app.example.test/api/auth",
          providers: [provider({ backchannelLogout: true })],
        }),
      {
        name: "TypeError",
        message: /`backchannelLogout` ends server-side sessions: it needs the database session strategy/,
      },
    );
    assert.throws(
      () =>
        gatehouse({
          secret: SECRET,
          url: "https://app.example.test/api/auth",
          providers: [provider({ endSession: true })],
        }),
      {
        name: "TypeError",
        message: /`endSession` sends the ID token stored at sign-in and needs an adapter/,
      },
    );
  });

  describe("on the memory adapter", () => {
    const adapter = createMemoryAdapter();
    let handler: (request: Request) => Promise<Response>;
    const logger = recordingLogger();
    before(() => {
      handler = logoutHandler({ origin: app.origin, providers, adapter, logger });
      app.use(handler);
    });

    const world: LogoutWorld = {
      app: () => app,
      providers: () => providers,
      handler: () => handler,
      adapter: () => adapter,
      sessionsOf: async (userId) => adapter.tables().sessions.filter((s) => s.userId === userId).length,
    };
    const { browser, userIdOf, token, post, signedIn } = logoutClient(world);
    const { sessionsOf } = world;
    async function signOut(b: TestBrowser, extra: Record<string, string> = {}): Promise<Response> {
      const csrfToken = await b.csrf();
      return b.request("/api/auth/signout", {
        form: { csrfToken, callbackUrl: `${app.origin}/bye`, ...extra },
      });
    }

    test("sign-out ends the local session, then goes to the provider's end_session_endpoint, which accepts the hint", async () => {
      const { op } = providers;
      const b = browser();
      const person = new Browser();
      await signIn(b, person, op, "dev", "Rita Logout");
      const userId = await userIdOf(b);
      assert.ok(userId, logger.lines.join("\n"));
      const account = await adapter.getAccountByUserId(userId, "dev");
      assert.ok(account?.session_state, "the ID token's sid is recorded at sign-in");

      const out = await signOut(b);
      assert.equal(out.status, 302);
      const target = new URL(out.headers.get("location")!);
      assert.equal(`${target.origin}${target.pathname}`, `${op.issuer}/session/end`);
      assert.equal(target.searchParams.get("client_id"), "rp");
      assert.equal(target.searchParams.get("post_logout_redirect_uri"), `${app.origin}/bye`);
      assert.match(
        target.searchParams.get("id_token_hint") ?? "",
        /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/,
        "the opened ID token",
      );
      assert.equal(await sessionsOf(userId), 0, "the local session ended first");
      assert.equal(await userIdOf(b), undefined);

      const done = await confirmProviderLogout(person, op, await person.request(target.href));
      const back = new URL(done.headers.get("location") ?? "", op.issuer);
      assert.equal(
        `${back.origin}${back.pathname}`,
        `${app.origin}/bye`,
        "the provider sent the person back",
      );
    });

    test("JSON mode answers {url} with the end-session URL; a foreign callback URL never becomes the post-logout target", async () => {
      const b = browser();
      await signIn(b, new Browser(), providers.op, "dev", "Json Logout");
      const out = await signOut(b, { json: "true", callbackUrl: "https://evil.example/" });
      assert.equal(out.status, 200);
      const { url } = (await out.json()) as { url: string };
      const target = new URL(url);
      assert.equal(target.origin, providers.op.issuer);
      assert.equal(target.searchParams.get("post_logout_redirect_uri"), `${app.origin}/`);
    });

    test("without an end_session_endpoint, or when signed out, sign-out stays local", async () => {
      const b = browser();
      await signIn(b, new Browser(), providers.plain, "plain", "Plain Person");
      assert.ok(await userIdOf(b));
      const out = await signOut(b);
      assert.equal(out.headers.get("location"), `${app.origin}/bye`);
      assert.equal(await userIdOf(b), undefined);
      assert.equal((await signOut(browser())).headers.get("location"), `${app.origin}/bye`);
    });

    test("ending the session at the provider calls back-channel logout, which deletes every session of that user", async () => {
      const { op } = providers;
      const [first, second] = [browser(), browser()];
      const person = new Browser();
      await signIn(first, person, op, "dev", "Bea Channel");
      await signIn(second, new Browser(), op, "dev", "Bea Channel");
      const userId = await userIdOf(first);
      assert.ok(userId);
      assert.equal(await userIdOf(second), userId);
      assert.equal(await sessionsOf(userId), 2);

      const seen = app.statuses.length;
      const page = await person.request(`${op.issuer}/session/end`);
      await confirmProviderLogout(person, op, page);
      assert.deepEqual(
        app.statuses.slice(seen),
        [200],
        "the provider called the endpoint once; it answered 200",
      );
      assert.equal(await sessionsOf(userId), 0, logger.lines.join("\n"));
      assert.equal(await userIdOf(first), undefined);
      assert.equal(await userIdOf(second), undefined);
    });

    describe("logout tokens posted to the endpoint", () => {
      backchannelStorageCases(world);

      test("forged, wrong audience, with a nonce, without events, or for a provider without back-channel logout: 400 and nothing ends", async () => {
        const { userId } = await signedIn("Still Here");
        const sub = "still here";
        const forger = (await generateKeyPair("RS256")).privateKey;
        const bad = [
          await token({ sub }, forger),
          await token({ sub, aud: "someone-else" }),
          await token({ sub, nonce: "abc" }),
          await token({ sub, events: undefined }),
          "not.a.jwt",
        ];
        for (const logoutToken of bad) {
          const response = await post(logoutToken);
          assert.equal(response.status, 400);
          assert.deepEqual(await response.json(), { error: "invalid_request" });
        }
        assert.equal((await post(await token({ sub }), "plain")).status, 400);
        const get = await fetch(`${app.origin}/api/auth/backchannel-logout/dev`);
        assert.equal(get.status, 405);
        assert.equal(await sessionsOf(userId), 1, "no refused token ended a session");
        assert.doesNotMatch(logger.lines.join("\n"), /eyJ/, "no token in a log line");
      });
    });
  });
});
