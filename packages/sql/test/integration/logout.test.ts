import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { gatehouse, OIDC } from "@gatehouse/core";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { Browser } from "@gatehouse/dev-provider/testing";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { databasesFor, type TestDatabase } from "./databases.ts";
import { exposeUserId, formFields, recordingLogger, SECRET, TestBrowser } from "./flows.ts";

const kinds = await databasesFor("provider logout");
const EVENT = "http://schemas.openid.net/event/backchannel-logout";

/** The app over real HTTP on 127.0.0.1, so the provider can call back-channel logout server to server. */
async function startApp(): Promise<{
  origin: string;
  server: Server;
  use(handler: (request: Request) => Promise<Response>): void;
  statuses: number[];
}> {
  let current: ((request: Request) => Promise<Response>) | null = null;
  const statuses: number[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://${req.headers.host}${req.url}`, {
      method: req.method ?? "GET",
      headers,
      ...(body && req.method !== "GET" ? { body } : {}),
    });
    const response = await current!(request);
    statuses.push(response.status);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server, statuses, use: (handler) => (current = handler) };
}

/**
 * A full sign-in at the dev provider with the person's own provider browser (kept, so its provider
 * session can later be ended); returns the app's callback answer.
 */
async function signIn(
  app: TestBrowser,
  person: Browser,
  op: DevProvider,
  providerId: string,
  username: string,
) {
  const csrfToken = await app.csrf();
  const started = await app.request(`/api/auth/signin/${providerId}`, {
    form: { csrfToken, callbackUrl: `${app.origin}/dashboard` },
  });
  const toForm = await person.request(started.headers.get("location")!);
  const formUrl = new URL(toForm.headers.get("location")!, op.issuer);
  await person.request(formUrl.href);
  const submitted = await person.request(formUrl.href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username }),
  });
  const back = await person.followUntilLeaving(submitted, op.issuer);
  return app.request(back.pathname + back.search);
}

/** Confirms the provider's logout page (oidc-provider's form), as the person clicking "Yes". */
async function confirmProviderLogout(person: Browser, op: DevProvider, page: Response): Promise<Response> {
  assert.equal(page.status, 200, "the provider accepted the logout request");
  const html = await page.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  assert.ok(action, "a logout confirmation form");
  return person.request(new URL(action, op.issuer).href, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...formFields(html), logout: "yes" }),
  });
}

describe("RP-initiated and back-channel logout against a real oidc-provider", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  let op: DevProvider;
  let plain: DevProvider;
  let signingKey: CryptoKey;
  before(async () => {
    app = await startApp();
    const pair = await generateKeyPair("RS256", { extractable: true });
    signingKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.privateKey)), kid: "op-key", alg: "RS256", use: "sig" };
    op = await startDevProvider({
      jwks: { keys: [jwk] },
      features: { backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      clients: [
        {
          client_id: "rp",
          client_secret: "rp-secret",
          redirect_uris: [`${app.origin}/api/auth/callback/dev`],
          post_logout_redirect_uris: [`${app.origin}/bye`],
          backchannel_logout_uri: `${app.origin}/api/auth/backchannel-logout/dev`,
          backchannel_logout_session_required: true,
        },
      ],
    });
    // A provider without an end_session_endpoint: sign-out there stays local.
    plain = await startDevProvider({
      features: { rpInitiatedLogout: { enabled: false } },
      clients: [
        {
          client_id: "plain",
          client_secret: "plain-secret",
          redirect_uris: [`${app.origin}/api/auth/callback/plain`],
        },
      ],
    });
  });
  after(async () => {
    app.server.closeAllConnections();
    app.server.close();
    await Promise.all([op.close(), plain.close()]);
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

  for (const kind of kinds) {
    describe(`on ${kind.name}`, () => {
      let db: TestDatabase;
      let handler: (request: Request) => Promise<Response>;
      const logger = recordingLogger();
      before(async () => {
        db = await kind.open();
        handler = gatehouse({
          secret: SECRET,
          url: `${app.origin}/api/auth`,
          adapter: db.adapter,
          providers: [
            OIDC({
              id: "dev",
              name: "Dev",
              issuer: op.issuer,
              clientId: "rp",
              clientSecret: "rp-secret",
              endSession: true,
              backchannelLogout: true,
            }),
            OIDC({
              id: "plain",
              name: "Plain",
              issuer: plain.issuer,
              clientId: "plain",
              clientSecret: "plain-secret",
              endSession: true,
            }),
          ],
          callbacks: exposeUserId,
          logger,
        }).handler;
        app.use(handler);
      });
      after(() => db.close());

      const browser = () => new TestBrowser(handler, app.origin);
      async function userIdOf(b: TestBrowser): Promise<string | undefined> {
        const session = (await (await b.request("/api/auth/session")).json()) as {
          user?: { id?: string };
        } | null;
        return session?.user?.id;
      }
      async function sessionsOf(userId: string): Promise<number> {
        return (await db.sessions()).filter((s) => s.userId === userId).length;
      }
      async function signOut(b: TestBrowser, extra: Record<string, string> = {}): Promise<Response> {
        const csrfToken = await b.csrf();
        return b.request("/api/auth/signout", {
          form: { csrfToken, callbackUrl: `${app.origin}/bye`, ...extra },
        });
      }

      test("sign-out ends the local session, then goes to the provider's end_session_endpoint, which accepts the hint", async () => {
        const b = browser();
        const person = new Browser();
        await signIn(b, person, op, "dev", "Rita Logout");
        const userId = await userIdOf(b);
        assert.ok(userId, logger.lines.join("\n"));
        const account = await db.adapter.getAccountByUserId(userId, "dev");
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
        await signIn(b, new Browser(), op, "dev", "Json Logout");
        const out = await signOut(b, { json: "true", callbackUrl: "https://evil.example/" });
        assert.equal(out.status, 200);
        const { url } = (await out.json()) as { url: string };
        const target = new URL(url);
        assert.equal(target.origin, op.issuer);
        assert.equal(target.searchParams.get("post_logout_redirect_uri"), `${app.origin}/`);
      });

      test("without an end_session_endpoint, or when signed out, sign-out stays local", async () => {
        const b = browser();
        await signIn(b, new Browser(), plain, "plain", "Plain Person");
        assert.ok(await userIdOf(b));
        const out = await signOut(b);
        assert.equal(out.headers.get("location"), `${app.origin}/bye`);
        assert.equal(await userIdOf(b), undefined);
        assert.equal((await signOut(browser())).headers.get("location"), `${app.origin}/bye`);
      });

      test("ending the session at the provider calls back-channel logout, which deletes every session of that user", async () => {
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
        const now = () => Math.floor(Date.now() / 1000);
        function token(claims: Record<string, unknown>, key = signingKey): Promise<string> {
          return new SignJWT({
            iss: op.issuer,
            aud: "rp",
            iat: now(),
            exp: now() + 120,
            jti: crypto.randomUUID(),
            events: { [EVENT]: {} },
            ...claims,
          })
            .setProtectedHeader({ alg: "RS256", kid: "op-key", typ: "logout+jwt" })
            .sign(key);
        }
        function post(logoutToken: string, provider = "dev"): Promise<Response> {
          return fetch(`${app.origin}/api/auth/backchannel-logout/${provider}`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ logout_token: logoutToken }),
          });
        }
        async function signedIn(name: string): Promise<{ userId: string; sid: string }> {
          const b = browser();
          await signIn(b, new Browser(), op, "dev", name);
          const userId = (await userIdOf(b))!;
          const account = await db.adapter.getAccountByUserId(userId, "dev");
          return { userId, sid: account!.session_state! };
        }

        test("a valid token by sub ends the sessions: 200, no-store, no cookie; the same jti again is refused", async () => {
          const { userId } = await signedIn("Sub Logout");
          const logoutToken = await token({ sub: "sub logout" });
          const response = await post(logoutToken);
          assert.equal(response.status, 200);
          assert.match(response.headers.get("cache-control") ?? "", /no-store/);
          assert.equal(response.headers.get("set-cookie"), null);
          assert.equal(await sessionsOf(userId), 0);

          const replayed = await post(logoutToken);
          assert.equal(replayed.status, 400);
          assert.deepEqual(await replayed.json(), { error: "invalid_request" });
        });

        test("a valid token naming only the provider session (sid) ends that user's sessions", async () => {
          const { userId, sid } = await signedIn("Sid Logout");
          const response = await post(await token({ sid }));
          assert.equal(response.status, 200);
          assert.equal(await sessionsOf(userId), 0);
        });

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
  }
});
