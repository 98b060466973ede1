import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { createCookieJar } from "../test/cookie-jar.ts";
import { type ProtocolServer, startProtocolServer } from "../test/protocol-server.ts";
import { createAuthClient } from "./create-auth-client.ts";
import type { AuthClient } from "./types.ts";

let server: ProtocolServer;
let client: AuthClient;
let navigated: string[];
let jar: ReturnType<typeof createCookieJar>;

beforeEach(async () => {
  server = await startProtocolServer();
  jar = createCookieJar();
  navigated = [];
  client = createAuthClient({
    baseUrl: server.origin,
    fetch: jar.fetch,
    navigate: (url) => navigated.push(url),
  });
});
afterEach(() => server.close());

const home = () => `${server.origin}/dashboard`;
const signInAlice = () =>
  client.signIn("credentials", {
    username: "alice",
    password: "secret",
    callbackUrl: home(),
    redirect: false,
  });

// Resolves with the next message on the cross-tab channel, as another tab would see it.
function nextBroadcast(): Promise<unknown> {
  const channel = new BroadcastChannel("gatehouse");
  return new Promise((resolve) => {
    channel.onmessage = (event) => {
      channel.close();
      resolve(event.data);
    };
  });
}

describe("reading", () => {
  it("getProviders returns the provider map", async () => {
    const providers = await client.getProviders();
    assert.deepEqual(providers?.credentials, {
      id: "credentials",
      name: "Credentials",
      type: "credentials",
      signinUrl: `${server.base}/signin/credentials`,
      callbackUrl: `${server.base}/callback/credentials`,
    });
    assert.equal(providers?.dev?.type, "oauth");
  });

  it("getCsrfToken returns the token of the CSRF cookie", async () => {
    const token = await client.getCsrfToken();
    assert.equal(typeof token, "string");
    assert.equal(jar.get("gatehouse.csrf-token")?.split("|")[0], token);
    assert.equal(await client.getCsrfToken(), token);
  });

  it("getSession maps {} to null", async () => {
    assert.equal(await client.getSession(), null);
    assert.equal(server.requests.at(-1)?.path, "/api/auth/session");
  });

  it("getSession returns the session shape when signed in", async () => {
    await signInAlice();
    const session = await client.getSession();
    assert.deepEqual(session?.user, { name: "Alice", email: "alice@example.com", image: null });
    assert.ok(Number.isFinite(Date.parse(session?.expires ?? "")));
  });
});

describe("failing closed (GHSA-8fpg-xm3f-6cx3: an error body must never become a session)", () => {
  it("a 500 JSON body from /session is null, even one that looks like a session", async () => {
    const body = JSON.stringify({ message: "boom", expires: "2999-01-01T00:00:00.000Z" });
    server.faults.set("GET session", { status: 500, contentType: "application/json", body });
    assert.equal(await client.getSession(), null);
  });

  it("a 200 error body without `expires` is null", async () => {
    const body = JSON.stringify({ message: "Internal error" });
    server.faults.set("GET session", { status: 200, contentType: "application/json", body });
    assert.equal(await client.getSession(), null);
  });

  it("HTML instead of JSON is null", async () => {
    const body = "<!doctype html><h1>502 Bad Gateway</h1>";
    server.faults.set("GET session", { status: 200, contentType: "text/html", body });
    assert.equal(await client.getSession(), null);
    server.faults.set("GET providers", { status: 200, contentType: "text/html", body });
    assert.equal(await client.getProviders(), null);
  });

  it("an unreachable endpoint is null / status 0", async () => {
    await server.close();
    assert.equal(await client.getSession(), null);
    assert.equal(await client.getCsrfToken(), null);
    const result = await client.signIn("credentials", { redirect: false });
    assert.deepEqual(result, { ok: false, status: 0, error: "Default", url: null });
    server = await startProtocolServer(); // for afterEach
  });
});

describe("signIn", () => {
  it("credentials: posts the form to /callback/<id> and the session appears", async () => {
    const message = nextBroadcast();
    const result = await signInAlice();
    assert.deepEqual(result, { ok: true, status: 200, error: null, url: home() });
    assert.deepEqual(navigated, []);

    const post = server.requests.find((request) => request.method === "POST");
    assert.equal(post?.path, "/api/auth/callback/credentials");
    assert.equal(post?.headers["content-type"], "application/x-www-form-urlencoded");
    assert.equal(post?.headers["x-auth-return-redirect"], "1");
    assert.deepEqual(post?.body, {
      username: "alice",
      password: "secret",
      callbackUrl: home(),
      csrfToken: jar.get("gatehouse.csrf-token")?.split("|")[0],
      json: "true",
    });
    // next-auth's order: providers first (to learn the type), then csrf.
    assert.deepEqual(
      server.requests.slice(0, 2).map((request) => request.path),
      ["/api/auth/providers", "/api/auth/csrf"],
    );
    assert.equal((await client.getSession())?.user?.name, "Alice");
    const { timestamp, ...rest } = (await message) as { timestamp: number };
    assert.deepEqual(rest, { event: "session", data: { trigger: "getSession" } });
    assert.ok(Number.isInteger(timestamp));
  });

  it("credentials: navigates to the callback URL by default", async () => {
    await client.signIn("credentials", { username: "alice", password: "secret", callbackUrl: home() });
    assert.deepEqual(navigated, [home()]);
  });

  it("credentials failure is {ok:false, error:'CredentialsSignin', status:401}", async () => {
    const result = await client.signIn("credentials", {
      username: "alice",
      password: "wrong",
      redirect: false,
    });
    assert.deepEqual(result, { ok: false, status: 401, error: "CredentialsSignin", url: null });
    assert.equal(await client.getSession(), null);
    assert.deepEqual(navigated, []);
  });

  it("credentials failure with redirect navigates to the server's error URL", async () => {
    await client.signIn("credentials", { username: "mallory", password: "x" });
    assert.deepEqual(navigated, [`${server.base}/signin?error=CredentialsSignin&code=credentials`]);
  });

  it("oauth: returns the provider URL, forwards authorization params and calls navigate", async () => {
    const result = await client.signIn(
      "dev",
      { callbackUrl: home() },
      { prompt: "login", login_hint: "a@b" },
    );
    assert.equal(result.ok, true);
    assert.equal(result.status, 200);
    const url = new URL(result.url ?? "");
    assert.equal(url.origin + url.pathname, "https://provider.example/authorize");
    assert.equal(url.searchParams.get("prompt"), "login");
    assert.equal(url.searchParams.get("code_challenge_method"), "S256");
    assert.deepEqual(navigated, [result.url]);
    const post = server.requests.find((request) => request.method === "POST");
    assert.equal(post?.path, "/api/auth/signin/dev");
    assert.equal(post?.search, "?prompt=login&login_hint=a%40b");
  });

  it("oauth with redirect:false returns the URL without navigating", async () => {
    const result = await client.signIn("dev", { redirect: false });
    assert.ok(result.url?.startsWith("https://provider.example/"));
    assert.deepEqual(navigated, []);
  });

  it("no id or an unknown id navigates to the sign-in page", async () => {
    const page = `${server.base}/signin?callbackUrl=${encodeURIComponent(home())}`;
    assert.deepEqual(await client.signIn(undefined, { callbackUrl: home() }), {
      ok: true,
      status: 200,
      error: null,
      url: page,
    });
    await client.signIn("nope", { callbackUrl: home() });
    await client.signIn("__proto__", { callbackUrl: home() });
    assert.deepEqual(navigated, [page, page, page]);
    assert.ok(server.requests.every((request) => request.method === "GET"));
  });

  it("a failing /providers navigates to the error page", async () => {
    server.faults.set("GET providers", { status: 500, contentType: "application/json", body: "{}" });
    const result = await client.signIn("credentials");
    assert.deepEqual(result, { ok: false, status: 500, error: "Default", url: null });
    assert.deepEqual(navigated, [`${server.base}/error`]);
  });

  it("a rejected CSRF token is an error result (MissingCSRF, 403)", async () => {
    // Plain fetch drops the CSRF cookie, as a browser with cookies blocked would.
    const cookieless = createAuthClient({ baseUrl: server.origin, navigate: (url) => navigated.push(url) });
    const result = await cookieless.signIn("credentials", {
      username: "alice",
      password: "secret",
      redirect: false,
    });
    assert.deepEqual(result, { ok: false, status: 403, error: "MissingCSRF", url: null });
  });
});

describe("signOut", () => {
  it("posts csrfToken, callbackUrl and json=true, clears the session and broadcasts", async () => {
    await signInAlice();
    assert.ok(jar.get("gatehouse.session-token"));
    const message = nextBroadcast();
    const result = await client.signOut({ callbackUrl: home(), redirect: false });
    assert.deepEqual(result, { ok: true, status: 200, error: null, url: home() });
    const post = server.requests.at(-1);
    assert.equal(post?.path, "/api/auth/signout");
    assert.deepEqual(Object.keys(post?.body ?? {}).sort(), ["callbackUrl", "csrfToken", "json"]);
    assert.equal(jar.get("gatehouse.session-token"), undefined);
    assert.equal(await client.getSession(), null);
    assert.deepEqual(((await message) as { data: unknown }).data, { trigger: "signout" });
  });

  it("navigates to the returned URL by default", async () => {
    await client.signOut({ callbackUrl: home() });
    assert.deepEqual(navigated, [home()]);
  });
});

describe("updateSession", () => {
  it("posts JSON {csrfToken, data} and returns the new session", async () => {
    await signInAlice();
    const session = await client.updateSession({ name: "Alicia" });
    assert.equal(session?.user?.name, "Alicia");
    const post = server.requests.at(-1);
    assert.equal(post?.headers["content-type"], "application/json");
    assert.deepEqual(post?.body, {
      csrfToken: jar.get("gatehouse.csrf-token")?.split("|")[0],
      data: { name: "Alicia" },
    });
  });

  it("is null when signed out ({})", async () => {
    assert.equal(await client.updateSession({ name: "x" }), null);
  });
});

describe("options", () => {
  it("basePath and baseUrl compose the endpoint", async () => {
    const other = await startProtocolServer("/auth");
    try {
      const custom = createAuthClient({ baseUrl: `${other.origin}/`, basePath: "/auth" });
      assert.equal(custom.endpoint, `${other.origin}/auth`);
      assert.ok(await custom.getCsrfToken());
    } finally {
      await other.close();
    }
  });
});

describe("the protocol server itself", () => {
  it("answers unknown actions 404 and wrong methods 405 with Allow", async () => {
    const unknown = await fetch(`${server.base}/nope`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(await unknown.json(), { error: "UnknownAction" });
    const wrong = await fetch(`${server.base}/signin/dev`);
    assert.equal(wrong.status, 405);
    assert.equal(wrong.headers.get("allow"), "POST");
  });

  it("never follows an off-origin callbackUrl (§4)", async () => {
    const result = await client.signIn("credentials", {
      username: "alice",
      password: "secret",
      callbackUrl: "https://evil.example/",
      redirect: false,
    });
    assert.equal(result.url, server.origin);
  });
});
