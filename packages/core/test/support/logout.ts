import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { test } from "node:test";
import { type DevProvider, startDevProvider } from "@gatehouse/dev-provider";
import { Browser } from "@gatehouse/dev-provider/testing";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { type Adapter, gatehouse, type Logger, OIDC } from "../../src/index.ts";
import { exposeUserId, formFields, SECRET, TestBrowser } from "./flows.ts";

const EVENT = "http://schemas.openid.net/event/backchannel-logout";

export interface App {
  origin: string;
  server: Server;
  use(handler: (request: Request) => Promise<Response>): void;
  statuses: number[];
}

/** The app over real HTTP on 127.0.0.1, so the provider can call back-channel logout server to server. */
export async function startApp(): Promise<App> {
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

export interface LogoutProviders {
  /** Back-channel and RP-initiated logout enabled; signs with `signingKey`. */
  op: DevProvider;
  /** A provider without an end_session_endpoint: sign-out there stays local. */
  plain: DevProvider;
  signingKey: CryptoKey;
  close(): Promise<void>;
}

/** The two providers the logout suites sign in at, registered for the app at `origin`. */
export async function startLogoutProviders(origin: string): Promise<LogoutProviders> {
  const pair = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(pair.privateKey)), kid: "op-key", alg: "RS256", use: "sig" };
  const op = await startDevProvider({
    jwks: { keys: [jwk] },
    features: { backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    clients: [
      {
        client_id: "rp",
        client_secret: "rp-secret",
        redirect_uris: [`${origin}/api/auth/callback/dev`],
        post_logout_redirect_uris: [`${origin}/bye`],
        backchannel_logout_uri: `${origin}/api/auth/backchannel-logout/dev`,
        backchannel_logout_session_required: true,
      },
    ],
  });
  const plain = await startDevProvider({
    features: { rpInitiatedLogout: { enabled: false } },
    clients: [
      {
        client_id: "plain",
        client_secret: "plain-secret",
        redirect_uris: [`${origin}/api/auth/callback/plain`],
      },
    ],
  });
  return {
    op,
    plain,
    signingKey: pair.privateKey,
    close: async () => {
      await Promise.all([op.close(), plain.close()]);
    },
  };
}

/** The app's handler: `dev` with end-session and back-channel logout, `plain` with end-session only. */
export function logoutHandler(options: {
  origin: string;
  providers: LogoutProviders;
  adapter: Adapter;
  logger: Logger;
}): (request: Request) => Promise<Response> {
  const { op, plain } = options.providers;
  return gatehouse({
    secret: SECRET,
    url: `${options.origin}/api/auth`,
    adapter: options.adapter,
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
    logger: options.logger,
  }).handler;
}

/**
 * A full sign-in at the dev provider with the person's own provider browser (kept, so its provider
 * session can later be ended); returns the app's callback answer.
 */
export async function signIn(
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
export async function confirmProviderLogout(
  person: Browser,
  op: DevProvider,
  page: Response,
): Promise<Response> {
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

export interface LogoutWorld {
  app(): App;
  providers(): LogoutProviders;
  handler(): (request: Request) => Promise<Response>;
  adapter(): Adapter & Required<Pick<Adapter, "getAccountByUserId">>;
  /** How many stored sessions the user has, read straight from storage. */
  sessionsOf(userId: string): Promise<number>;
}

/** What the logout suites do as browser and as provider: sign in, read the session, post logout tokens. */
export function logoutClient(world: LogoutWorld) {
  const browser = () => new TestBrowser(world.handler(), world.app().origin);
  async function userIdOf(b: TestBrowser): Promise<string | undefined> {
    const session = (await (await b.request("/api/auth/session")).json()) as {
      user?: { id?: string };
    } | null;
    return session?.user?.id;
  }
  const now = () => Math.floor(Date.now() / 1000);
  function token(claims: Record<string, unknown>, key = world.providers().signingKey): Promise<string> {
    return new SignJWT({
      iss: world.providers().op.issuer,
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
    return fetch(`${world.app().origin}/api/auth/backchannel-logout/${provider}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ logout_token: logoutToken }),
    });
  }
  async function signedIn(name: string): Promise<{ userId: string; sid: string }> {
    const b = browser();
    await signIn(b, new Browser(), world.providers().op, "dev", name);
    const userId = (await userIdOf(b))!;
    const account = await world.adapter().getAccountByUserId(userId, "dev");
    return { userId, sid: account!.session_state! };
  }
  return { browser, userIdOf, token, post, signedIn };
}

/**
 * The logout-token cases that depend on what storage keeps (the ID token's `sid` on the account, the
 * sessions of a user): run on the memory adapter in core and on each SQL database in @gatehouse/sql.
 */
export function backchannelStorageCases(world: LogoutWorld): void {
  const { token, post, signedIn } = logoutClient(world);

  test("a valid token by sub ends the sessions: 200, no-store, no cookie; the same jti again is refused", async () => {
    const { userId } = await signedIn("Sub Logout");
    const logoutToken = await token({ sub: "sub logout" });
    const response = await post(logoutToken);
    assert.equal(response.status, 200);
    assert.match(response.headers.get("cache-control") ?? "", /no-store/);
    assert.equal(response.headers.get("set-cookie"), null);
    assert.equal(await world.sessionsOf(userId), 0);

    const replayed = await post(logoutToken);
    assert.equal(replayed.status, 400);
    assert.deepEqual(await replayed.json(), { error: "invalid_request" });
  });

  test("a valid token naming only the provider session (sid) ends that user's sessions", async () => {
    const { userId, sid } = await signedIn("Sid Logout");
    const response = await post(await token({ sid }));
    assert.equal(response.status, 200);
    assert.equal(await world.sessionsOf(userId), 0);
  });
}
